import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './abbreviate';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [1050, '1.1k'],
    [1049, '1k'],
    [12_345, '12.3k'],
    [999_949, '999.9k'],
    [1_000_000, '1M'],
    [2_500_000_000, '2.5G'],
    [7e12, '7T'],
    [3.2e15, '3.2P'],
    [1e18, '1E'],
  ])('%d → %s with the default one decimal', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it('carries a rounded 1000 into the next suffix', () => {
    expect(abbreviateNumber(999_950)).toBe('1M');
    expect(abbreviateNumber(999.96)).toBe('1k');
    expect(abbreviateNumber(999_999_999)).toBe('1G');
    expect(abbreviateNumber(999_500, 0)).toBe('1M');
    expect(abbreviateNumber(999_499, 0)).toBe('999k');
  });

  it('honours the chosen number of decimals and trims trailing zeros', () => {
    expect(abbreviateNumber(1_250_000, 2)).toBe('1.25M');
    expect(abbreviateNumber(1_200_000, 2)).toBe('1.2M');
    expect(abbreviateNumber(1_000_000, 3)).toBe('1M');
    expect(abbreviateNumber(1_234_567, 3)).toBe('1.235M');
    expect(abbreviateNumber(1500, 0)).toBe('2k');
    expect(abbreviateNumber(1499, 0)).toBe('1k');
  });

  it('rounds small fractions to the chosen decimals', () => {
    expect(abbreviateNumber(12.345)).toBe('12.3');
    expect(abbreviateNumber(12.345, 2)).toBe('12.35');
    expect(abbreviateNumber(0.04)).toBe('0');
    expect(abbreviateNumber(0.5, 0)).toBe('1');
  });

  it('keeps the sign of negative numbers', () => {
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
    expect(abbreviateNumber(-999)).toBe('-999');
    expect(abbreviateNumber(-999_950)).toBe('-1M');
    expect(abbreviateNumber(-1_250_000, 2)).toBe('-1.25M');
  });

  it('never prints a negative zero', () => {
    expect(abbreviateNumber(-0)).toBe('0');
    expect(abbreviateNumber(-0.01)).toBe('0');
  });

  it('keeps values beyond E in E', () => {
    expect(abbreviateNumber(1e21)).toBe('1000E');
    expect(abbreviateNumber(5.5e21)).toBe('5500E');
    expect(abbreviateNumber(999_999e18)).toBe('999999E');
  });

  it('returns NaN and infinities as printed by JavaScript', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(abbreviateNumber(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
  });

  it('rejects an invalid number of decimals', () => {
    expect(() => abbreviateNumber(1500, -1)).toThrow(RangeError);
    expect(() => abbreviateNumber(1500, 1.5)).toThrow(RangeError);
    expect(() => abbreviateNumber(1500, Number.NaN)).toThrow(RangeError);
    expect(() => abbreviateNumber(1500, 11)).toThrow(RangeError);
    expect(abbreviateNumber(1_234_567_891, 10)).toBe('1.234567891G');
  });
});
