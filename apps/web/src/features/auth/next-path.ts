import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** Where a person who signs in without a destination goes: most came for the chat. */
export const chatPath = (locale: Locale): string => localePath(locale, '/chat');

// Resolving against a host of our own shows where a browser would really go: a path that
// leaves it (or comes back as `//host` once `/./` is folded) is another site.
const HERE = 'https://return.invalid';
// Backslashes (browsers read `/\host` as `//host`), spaces and control characters: a return
// path of this site has none, and a crafted one hides a host behind them.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SUSPECT = /[\\\s\u0000-\u001f\u007f]/;
const MAX_LENGTH = 2000;
// Coming back to the form one has just filled in would be no landing at all (nor to the pages
// of a sign-in with another site or of a forgotten password, which are steps of the same).
const AUTH_PAGES =
  /^\/(?:[a-z]{2}\/)?(?:login|register|signup\/social|auth\/telegram|password\/(?:forgot|reset))(?:[/?#]|$)/i;

/**
 * A path of this site, or null: only a same-site relative path (`/en/chat`) is kept; a full URL,
 * `//host`, `/\host`, `https:`, `javascript:` and the like are refused, so a crafted address
 * cannot send someone elsewhere.
 */
export function sitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || SUSPECT.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A path of this site to return to after signing in, or null: a path `sitePath` keeps, unless
 * it is a sign-in page itself, so a crafted link cannot send someone elsewhere after they
 * signed in.
 */
export function safeReturnPath(raw: unknown): string | null {
  const path = sitePath(raw);
  return path === null || AUTH_PAGES.test(path) ? null : path;
}

/**
 * Where to go after signing in or registering: the page they came from (`?next=`), if it is a
 * path of this site, else the chat.
 */
export function nextPath(next: string | null | undefined, locale: Locale): string {
  return safeReturnPath(next) ?? chatPath(locale);
}

/** The sign-in or registration page that brings the person back to `from` afterwards. */
export function authPagePath(locale: Locale, page: 'login' | 'register', from: string): string {
  const back = safeReturnPath(from);
  const query = back === null ? '' : `?${new URLSearchParams({ next: back }).toString()}`;
  return `${localePath(locale, `/${page}`)}${query}`;
}
