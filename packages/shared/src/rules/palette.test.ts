import { describe, expect, it } from 'vitest';
import { isLightColor } from './color';
import { isNickColorAllowed, isPaletteColor, NICK_PALETTE } from './palette';

describe('NICK_PALETTE', () => {
  it('has 8 rows of 10 distinct lower-case hex colours', () => {
    expect(NICK_PALETTE).toHaveLength(8);
    for (const row of NICK_PALETTE) expect(row).toHaveLength(10);
    const all = NICK_PALETTE.flat();
    expect(new Set(all).size).toBe(80);
    for (const c of all) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('goes from dark to light in every row, so each row has usable and too-light colours', () => {
    for (const row of NICK_PALETTE) {
      expect(isLightColor(row[0]!)).toBe(false);
      expect(isLightColor(row[9]!)).toBe(true);
    }
  });
});

describe('isNickColorAllowed', () => {
  it('takes dark palette colours in any case and refuses light ones and strangers', () => {
    expect(isPaletteColor('#1957AE')).toBe(true);
    expect(isNickColorAllowed('#1957ae')).toBe(true);
    expect(isNickColorAllowed('#faf0bd')).toBe(false);
    expect(isNickColorAllowed('#123456')).toBe(false);
    expect(isNickColorAllowed('red')).toBe(false);
    expect(isNickColorAllowed(42)).toBe(false);
  });
});
