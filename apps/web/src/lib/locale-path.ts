import { DEFAULT_LOCALE, isLocale, resolvePathLocale, type Locale } from '@chat/shared';

export type LocaleResolution = ReturnType<typeof resolvePathLocale>;

/** The locale of a path (spec section 2), the rule the server follows too (@chat/shared routes). */
export const resolveLocale = resolvePathLocale;

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
