import { describe, expect, it } from 'vitest';
import { ageOf, stealthPercent } from './profiles.presenter';

describe('ageOf', () => {
  const today = new Date('2025-03-10T12:00:00Z');
  it('counts whole years, turning on the birthday', () => {
    expect(ageOf('2000-03-10', today)).toBe(25);
    expect(ageOf('2000-03-11', today)).toBe(24);
    expect(ageOf('2000-02-29', today)).toBe(25);
  });
  it('answers null without a usable date', () => {
    expect(ageOf(null, today)).toBeNull();
    expect(ageOf('garbage', today)).toBeNull();
    expect(ageOf('2030-01-01', today)).toBeNull();
  });
});

describe('stealthPercent', () => {
  it('is the share of stealthy visits with one decimal, 0 without visits', () => {
    expect(stealthPercent(0, 0)).toBe(0);
    expect(stealthPercent(3, 1)).toBe(33.3);
    expect(stealthPercent(4, 4)).toBe(100);
    expect(stealthPercent(2, 5)).toBe(100);
  });
});
