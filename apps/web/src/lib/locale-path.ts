import { DEFAULT_LOCALE, isLocale, type Locale } from '@chat/shared';

export type LocaleResolution =
  { locale: Locale; redirect: null } | { locale: 'en'; redirect: string };

/**
 * The locale of a path (spec section 2): no first segment is Russian, ru and en are themselves,
 * and any other first segment is replaced by en (`/xx/` → `/en/`, `/de/chat` → `/en/chat`).
 */
export function resolveLocale(pathname: string): LocaleResolution {
  const [, first = '', ...rest] = pathname.split('/');
  if (first === '') return { locale: DEFAULT_LOCALE, redirect: null };
  if (isLocale(first)) return { locale: first, redirect: null };
  return { locale: 'en', redirect: `/en/${rest.join('/')}` };
}

/** A link inside the site for a locale: `localePath('en', '/login')` is `/en/login`. */
export function localePath(locale: Locale, path = '/'): string {
  const tail = path === '/' ? '' : path;
  if (tail === '' && locale === DEFAULT_LOCALE) return '/';
  return `/${locale}${tail}`;
}

/** The same page in another language: the locale segment is replaced, or added for `/`. */
export function switchLocale(pathname: string, target: Locale): string {
  const [, first = '', ...rest] = pathname.split('/');
  const tail = isLocale(first) ? rest : [first, ...rest];
  const path = tail.some((s) => s !== '') ? `/${tail.join('/')}` : '/';
  return localePath(target, path);
}
