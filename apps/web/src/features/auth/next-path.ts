import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** Where a person who signs in without a destination goes: most came for the chat. */
export const chatPath = (locale: Locale): string => localePath(locale, '/chat');

/**
 * Where to go after signing in or registering: the page they were heading to (`?next=`), if it
 * is a path of this site, else the chat. A full URL, `//host` or `/\host` is another site and is
 * ignored, so a crafted link cannot send someone elsewhere after they signed in.
 */
export function nextPath(next: string | null | undefined, locale: Locale): string {
  if (typeof next === 'string' && /^\/(?![/\\])[^\s]*$/.test(next)) return next;
  return chatPath(locale);
}
