import { describe, expect, it } from 'vitest';
import { nickKey } from './nick-rules';

describe('nickKey', () => {
  it('folds case and width forms', () => {
    expect(nickKey('АННА')).toBe('анна');
    expect(nickKey('Ｌｅｎａ')).toBe('lena');
    expect(nickKey('Ёжик')).toBe('ёжик');
  });

  // Stored nick keys were made with Russian lower case: the key of every nick must not change.
  it('lowers every character as Russian does', () => {
    const differing: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = String.fromCodePoint(code);
      if (nickKey(text) !== text.normalize('NFKC').toLocaleLowerCase('ru')) differing.push(text);
    }
    expect(differing).toEqual([]);
  });

  it('lowers words in context as Russian does (final sigma, dotted I)', () => {
    for (const text of ['ΟΔΟΣ ΣΑΣ', 'İstanbul IIİ', 'ǅ ß ẞ', 'Привет, МИР'])
      expect(nickKey(text)).toBe(text.normalize('NFKC').toLocaleLowerCase('ru'));
  });
});
