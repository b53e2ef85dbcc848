import { useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { i18n } from '../i18n/i18n';
import { resolveLocale } from '../lib/locale-path';
import { AppShell } from './app-shell';

/** The locale rule of spec section 2 runs here, before any page: bad locales go to en. */
export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const resolved = resolveLocale(pathname);

  useLayoutEffect(() => {
    if (i18n.language !== resolved.locale) void i18n.changeLanguage(resolved.locale);
    document.documentElement.lang = resolved.locale;
  }, [resolved.locale]);

  if (resolved.redirect !== null)
    return <Navigate to={`${resolved.redirect}${search}${hash}`} replace />;
  return <AppShell />;
}
