// The nick's rules without zod, for code that checks nicks but needs no schema (mentions, the
// web's light guest form).
import { hasInvisibleCharacters, mixesScripts } from './nick-scripts';

export const NICK_MIN = 2;
export const NICK_MAX = 24;

// Letters of any script, digits, space, underscore and hyphen; no space at either end.
const NICK_PATTERN = /^[\p{L}\p{N}_-](?:[\p{L}\p{N} _-]*[\p{L}\p{N}_-])?$/u;

export function isValidNick(nick: string): boolean {
  return nick.length >= NICK_MIN && nick.length <= NICK_MAX && NICK_PATTERN.test(nick);
}

/**
 * Nicks compare ignoring case and NFKC width forms, so "Анна" and "анна" are one nick.
 * Lower case without a locale is Russian's lower case: only Turkish, Azeri and Lithuanian
 * lower some letters their own way. Naming 'ru' made V8 resolve the locale on every call,
 * 3.4× slower, and this runs for every word of every chat message (mentions, repeats).
 */
export function nickKey(nick: string): string {
  return nick.normalize('NFKC').toLowerCase();
}

/** A nick as it is checked and stored: NFKC width forms folded. */
export const normalizeNick = (nick: string): string => nick.normalize('NFKC');

/**
 * The nick's rules on a normalized nick, in order, each with its message key. One list for
 * nickSchema here and for the light (zod/mini) build the web's guest form checks with.
 */
export const NICK_RULES = [
  [(s: string) => s.length >= NICK_MIN, 'nick.too_short'],
  [(s: string) => s.length <= NICK_MAX, 'nick.too_long'],
  [(s: string) => NICK_PATTERN.test(s), 'nick.invalid'],
  // Look-alikes (issue 19): fillers and zero-width letters pass the pattern (they are \p{L}).
  [(s: string) => !hasInvisibleCharacters(s), 'nick.invisible'],
  [(s: string) => !mixesScripts(s), 'nick.mixed_scripts'],
] as const;
