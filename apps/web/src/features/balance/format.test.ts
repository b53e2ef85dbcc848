import { describe, expect, it } from 'vitest';
import { abbreviateCoins, coinWord, formatAmount, formatCoins, formatSignedCoins } from './format';

const NBSP = '\u00a0';

describe('formatCoins', () => {
  it.each([
    [1, 'монета'],
    [2, 'монеты'],
    [5, 'монет'],
    [11, 'монет'],
    [21, 'монета'],
    [22, 'монеты'],
    [112, 'монет'],
    [0, 'монет'],
  ])('agrees %i with "%s" in Russian', (n, word) => {
    expect(coinWord(n, 'ru')).toBe(word);
    expect(formatCoins(n, 'ru')).toBe(`${n}${NBSP}${word}`);
  });

  it('speaks English: one coin, other coins', () => {
    expect(formatCoins(1, 'en')).toBe(`1${NBSP}coin`);
    expect(formatCoins(0, 'en')).toBe(`0${NBSP}coins`);
    expect(formatCoins(21, 'en')).toBe(`21${NBSP}coins`);
  });

  it('groups digits as the locale does', () => {
    expect(formatAmount(12500, 'en')).toBe('12,500');
    // Russian groups with a no-break space (narrow or not, by ICU version).
    expect(formatAmount(12500, 'ru')).toMatch(/^12[\u00a0\u202f ]500$/);
    expect(formatCoins(1000, 'en')).toBe(`1,000${NBSP}coins`);
    expect(formatCoins(1001, 'ru')).toMatch(/^1[\u00a0\u202f ]001\u00a0монета$/);
  });

  it('shows the sign of a movement', () => {
    expect(formatSignedCoins(10, 'en')).toBe(`+10${NBSP}coins`);
    expect(formatSignedCoins(-5, 'ru')).toBe(`\u22125${NBSP}монет`);
    expect(formatSignedCoins(-1, 'ru')).toBe(`\u22121${NBSP}монета`);
  });

  it('abbreviates where space is short', () => {
    expect(abbreviateCoins(999)).toBe('999');
    expect(abbreviateCoins(12500)).toBe('12.5k');
    expect(abbreviateCoins(1_000_000)).toBe('1M');
  });
});
