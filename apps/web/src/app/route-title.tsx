import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { routeHandle } from './route-handle';
import { useTitleStore } from './title-store';

/** Sets document.title after each navigation: the route's own title, else the product name. */
export function RouteTitle() {
  const { t } = useTranslation();
  const handle = routeHandle(useMatches());
  const override = useTitleStore((s) => s.override);
  const { pathname } = useLocation();
  const appName = t('common:appName');
  const own = override ?? (handle.title ? t(`titles:${handle.title}`) : null);
  const title = own === null ? appName : handle.titleOnly ? own : `${own} — ${appName}`;

  useEffect(() => {
    document.title = title;
  }, [title, pathname]);
  return null;
}

/** A page whose title comes from its data (a static page) sets it while it is shown. */
export function useOwnTitle(title: string | null | undefined): void {
  const setOverride = useTitleStore((s) => s.setOverride);
  useEffect(() => {
    setOverride(title ?? null);
    return () => setOverride(null);
  }, [title, setOverride]);
}
