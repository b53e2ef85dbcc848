import { z } from 'zod';

export const NICK_MIN = 2;
export const NICK_MAX = 24;

// Letters of any script, digits, space, underscore and hyphen; no space at either end.
const NICK_PATTERN = /^[\p{L}\p{N}_-](?:[\p{L}\p{N} _-]*[\p{L}\p{N}_-])?$/u;

export function isValidNick(nick: string): boolean {
  return nick.length >= NICK_MIN && nick.length <= NICK_MAX && NICK_PATTERN.test(nick);
}

/** Nicks compare ignoring case and NFKC width forms, so "Анна" and "анна" are one nick. */
export function nickKey(nick: string): string {
  return nick.normalize('NFKC').toLocaleLowerCase('ru');
}

export const nickSchema = z
  .string()
  .transform((s) => s.normalize('NFKC'))
  .refine((s) => s.length >= NICK_MIN, { message: 'nick.too_short' })
  .refine((s) => s.length <= NICK_MAX, { message: 'nick.too_long' })
  .refine((s) => NICK_PATTERN.test(s), { message: 'nick.invalid' });
