import { describe, expect, it } from 'vitest';
import { NICK_RULES, normalizeNick } from './nick-rules';
import { hasInvisibleCharacters, mixesScripts } from './nick-scripts';

/** The first rule a nick breaks, as the forms and nickSchema apply them (after NFKC). */
const firstProblem = (nick: string) =>
  NICK_RULES.find(([check]) => !check(normalizeNick(nick)))?.[1] ?? null;

describe('look-alike nick rules (issue 19, point 2)', () => {
  it.each([
    ['admin\u3164', 'nick.invisible'],
    ['\u3164\u3164', 'nick.invisible'],
    ['ab\uffa0', 'nick.invisible'],
    ['ab\u115f\u1160', 'nick.invisible'],
    ['аdmin', 'nick.mixed_scripts'],
    ['admіn', 'nick.mixed_scripts'],
    ['αdmin', 'nick.mixed_scripts'],
    ['ᴀdmin', 'nick.mixed_scripts'],
    ['ʙob', 'nick.mixed_scripts'],
    ['ᎪᎠmin', 'nick.mixed_scripts'],
    ['ВасяPupkin', 'nick.mixed_scripts'],
  ])('refuses %j (%s)', (nick, problem) => {
    expect(firstProblem(nick)).toBe(problem);
  });

  it.each(['admin', 'Вася Pupkin', 'Ёжик_2000', 'Ανδρέας', '東京tokyo', 'user-вася', 'ＡＤＭＩＮ'])(
    'accepts %j',
    (nick) => {
      expect(firstProblem(nick)).toBeNull();
    },
  );

  it('finds every invisible kind, not only fillers', () => {
    for (const c of [
      '\u200b',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u202e',
      '\u2066',
      '\u061c',
      '\u200e',
    ])
      expect(hasInvisibleCharacters(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(true);
    expect(hasInvisibleCharacters('plain nick')).toBe(false);
  });

  it('judges each word alone: digits and marks belong to any script', () => {
    expect(mixesScripts('Вася Pupkin')).toBe(false);
    expect(mixesScripts('Вася_Pupkin')).toBe(false);
    expect(mixesScripts('Вася2000')).toBe(false);
    expect(mixesScripts('Вася2000x')).toBe(true);
  });
});
