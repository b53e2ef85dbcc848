import { describe, expect, it } from 'vitest';
import type { PluralForms, RuPluralForms } from './plural';
import { plural, pluralCategoryRu, pluralEn, pluralRu } from './plural';

const apples: RuPluralForms = ['яблоко', 'яблока', 'яблок'];
const minutes: PluralForms = { ru: ['минута', 'минуты', 'минут'], en: ['minute', 'minutes'] };

describe('pluralRu', () => {
  it.each([
    [1, 'яблоко'],
    [2, 'яблока'],
    [3, 'яблока'],
    [4, 'яблока'],
    [5, 'яблок'],
    [0, 'яблок'],
    [10, 'яблок'],
    [11, 'яблок'],
    [12, 'яблок'],
    [13, 'яблок'],
    [14, 'яблок'],
    [15, 'яблок'],
    [20, 'яблок'],
    [21, 'яблоко'],
    [22, 'яблока'],
    [24, 'яблока'],
    [25, 'яблок'],
    [101, 'яблоко'],
    [111, 'яблок'],
    [112, 'яблок'],
    [122, 'яблока'],
    [1001, 'яблоко'],
    [1_000_000, 'яблок'],
  ])('%d → %s', (n, expected) => {
    expect(pluralRu(n, apples)).toBe(expected);
  });

  it('uses the absolute value for negative numbers', () => {
    expect(pluralRu(-1, apples)).toBe('яблоко');
    expect(pluralRu(-2, apples)).toBe('яблока');
    expect(pluralRu(-11, apples)).toBe('яблок');
    expect(pluralRu(-21, apples)).toBe('яблоко');
  });

  it('uses the few form for fractions, as Russian does', () => {
    expect(pluralRu(1.5, apples)).toBe('яблока');
    expect(pluralRu(0.5, apples)).toBe('яблока');
    expect(pluralRu(5.25, apples)).toBe('яблока');
    expect(pluralRu(-2.5, apples)).toBe('яблока');
  });

  it('treats a whole number written with a fraction part as whole', () => {
    expect(pluralRu(5.0, apples)).toBe('яблок');
  });

  it('uses the many form for NaN and infinities', () => {
    expect(pluralRu(Number.NaN, apples)).toBe('яблок');
    expect(pluralRu(Number.POSITIVE_INFINITY, apples)).toBe('яблок');
    expect(pluralRu(Number.NEGATIVE_INFINITY, apples)).toBe('яблок');
  });

  it('agrees with Intl.PluralRules for whole numbers 0..300', () => {
    const rules = new Intl.PluralRules('ru');
    for (let n = 0; n <= 300; n += 1) {
      expect(pluralCategoryRu(n), String(n)).toBe(rules.select(n));
    }
  });
});

describe('pluralEn', () => {
  it('uses the one form only for exactly one', () => {
    expect(pluralEn(1, ['apple', 'apples'])).toBe('apple');
    expect(pluralEn(-1, ['apple', 'apples'])).toBe('apple');
    expect(pluralEn(0, ['apple', 'apples'])).toBe('apples');
    expect(pluralEn(2, ['apple', 'apples'])).toBe('apples');
    expect(pluralEn(21, ['apple', 'apples'])).toBe('apples');
    expect(pluralEn(1.5, ['apple', 'apples'])).toBe('apples');
    expect(pluralEn(Number.NaN, ['apple', 'apples'])).toBe('apples');
  });
});

describe('plural', () => {
  it('picks the forms of the given locale', () => {
    expect(plural('ru', 1, minutes)).toBe('минута');
    expect(plural('ru', 3, minutes)).toBe('минуты');
    expect(plural('ru', 11, minutes)).toBe('минут');
    expect(plural('ru', 21, minutes)).toBe('минута');
    expect(plural('en', 1, minutes)).toBe('minute');
    expect(plural('en', 3, minutes)).toBe('minutes');
    expect(plural('en', 21, minutes)).toBe('minutes');
    expect(plural('en', 0, minutes)).toBe('minutes');
  });

  it('returns the given form as is, even an empty one', () => {
    expect(plural('ru', 5, { ru: ['', '', ''], en: ['', ''] })).toBe('');
  });
});
