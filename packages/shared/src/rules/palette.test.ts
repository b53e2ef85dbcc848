import { describe, expect, it } from 'vitest';
import { isLightColor } from './color';
import {
  isBasicNickColor,
  isNickColorAllowed,
  isPaletteColor,
  NICK_PALETTE,
  NICK_PALETTE_BASIC_ROWS,
  NICK_PALETTE_HUES,
  paletteColorPlace,
} from './palette';

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

describe('isBasicNickColor', () => {
  it('takes the first 4 rows (40 colours) in any case; the other 40 are premium', () => {
    expect(NICK_PALETTE_BASIC_ROWS).toBe(4);
    const all = NICK_PALETTE.flat();
    expect(all.filter(isBasicNickColor)).toEqual(all.slice(0, 40));
    expect(isBasicNickColor('#218329')).toBe(true);
    expect(isBasicNickColor('#AE1919')).toBe(true);
    expect(isBasicNickColor('#1957ae')).toBe(false);
    expect(isBasicNickColor('#2e2e2e')).toBe(false);
  });

  it('refuses strangers and non-strings', () => {
    for (const value of ['#123456', 'red', '', null, 42, ['#218329']])
      expect(isBasicNickColor(value)).toBe(false);
  });

  it('leaves usable colours on both sides of the split', () => {
    const usable = (rows: readonly (readonly string[])[]) =>
      rows.flat().filter((c) => isNickColorAllowed(c)).length;
    expect(usable(NICK_PALETTE.slice(0, 4))).toBeGreaterThan(10);
    expect(usable(NICK_PALETTE.slice(4))).toBeGreaterThan(10);
  });
});

describe('paletteColorPlace', () => {
  it('names every swatch by its row hue and its shade, dark to light', () => {
    expect(NICK_PALETTE_HUES).toHaveLength(NICK_PALETTE.length);
    expect(paletteColorPlace('#500b0b')).toEqual({ hue: 'red', shade: 1 });
    expect(paletteColorPlace('#1957AE')).toEqual({ hue: 'blue', shade: 4 });
    expect(paletteColorPlace('#dbdbdb')).toEqual({ hue: 'grey', shade: 10 });
    expect(paletteColorPlace('#123456')).toBeNull();
  });
});
