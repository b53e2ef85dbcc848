import { isLocale, type Locale } from '@chat/shared';

/**
 * Where a sign-in may send the person back to: a path of this site's pages, never another
 * site. Anything else (`//evil.example`, `https://evil.example`, `/\evil.example`,
 * `javascript:`, an API address, control characters) becomes the home of the locale.
 */
export function safeReturnTo(value: unknown, locale: Locale): string {
  const home = `/${locale}/`;
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) return home;
  // Browsers read a backslash as a slash and drop tabs and newlines: `/\evil` is `//evil`.
  if (!value.startsWith('/') || value.startsWith('//') || hasControlOrBackslash(value)) return home;
  let url: URL;
  try {
    url = new URL(value, 'http://site.invalid');
  } catch {
    return home;
  }
  if (url.origin !== 'http://site.invalid') return home;
  const [, first = ''] = url.pathname.split('/');
  if (!isLocale(first)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The locale a return path names, or the request's. */
export function localeOf(returnTo: string, fallback: Locale): Locale {
  const [, first = ''] = returnTo.split('/');
  return isLocale(first) ? first : fallback;
}
