import { describe, expect, it } from 'vitest';
import { colorBrightness, isHexColor, isLightColor, parseHexColor } from './color';

describe('isHexColor', () => {
  it('accepts 3 and 6 digit forms with or without #, in any case', () => {
    for (const value of ['#fff', 'fff', '#FFFFFF', 'ffffff', '#A1b2C3', '000']) {
      expect(isHexColor(value), value).toBe(true);
    }
  });

  it('rejects other lengths, non-hex digits, spaces and non-strings', () => {
    for (const value of ['', '#', '#ff', '#ffff', '#fffff', '#fffffff', '#ffffffff', '#ggg']) {
      expect(isHexColor(value), value).toBe(false);
    }
    for (const value of [' #fff', '#fff ', '##fff', 'red', 'rgb(0,0,0)', '<script>']) {
      expect(isHexColor(value), value).toBe(false);
    }
    for (const value of [null, undefined, 0xffffff, ['#fff'], { hex: '#fff' }]) {
      expect(isHexColor(value)).toBe(false);
    }
  });
});

describe('parseHexColor', () => {
  it('reads the channels of the long form', () => {
    expect(parseHexColor('#ff8000')).toEqual({ r: 255, g: 128, b: 0 });
    expect(parseHexColor('0A0b0C')).toEqual({ r: 10, g: 11, b: 12 });
  });

  it('doubles each digit of the short form', () => {
    expect(parseHexColor('#f80')).toEqual({ r: 255, g: 136, b: 0 });
    expect(parseHexColor('abc')).toEqual({ r: 170, g: 187, b: 204 });
  });

  it('returns null for invalid input', () => {
    expect(parseHexColor('')).toBeNull();
    expect(parseHexColor('#12345')).toBeNull();
    expect(parseHexColor('#xyz')).toBeNull();
  });
});

describe('colorBrightness', () => {
  it('weighs the channels 299, 587 and 114 per thousand', () => {
    expect(colorBrightness({ r: 255, g: 255, b: 255 })).toBe(255);
    expect(colorBrightness({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(colorBrightness({ r: 255, g: 0, b: 0 })).toBeCloseTo(76.245, 10);
    expect(colorBrightness({ r: 0, g: 255, b: 0 })).toBeCloseTo(149.685, 10);
    expect(colorBrightness({ r: 0, g: 0, b: 255 })).toBeCloseTo(29.07, 10);
  });
});

describe('isLightColor', () => {
  it('calls white, yellow and light grey light', () => {
    expect(isLightColor('#ffffff')).toBe(true);
    expect(isLightColor('#fff')).toBe(true);
    expect(isLightColor('ffff00')).toBe(true);
    expect(isLightColor('#ccc')).toBe(true);
  });

  it('calls black, blue, red and pure green dark', () => {
    expect(isLightColor('#000000')).toBe(false);
    expect(isLightColor('#000')).toBe(false);
    expect(isLightColor('#0000ff')).toBe(false);
    expect(isLightColor('#f00')).toBe(false);
    // 149.685: the brightest single channel is still below the threshold.
    expect(isLightColor('#00ff00')).toBe(false);
  });

  it('needs brightness strictly above 155', () => {
    // Grey 0x9b = 155 gives exactly 155; 0x9c = 156 gives 156.
    expect(isLightColor('#9b9b9b')).toBe(false);
    expect(isLightColor('#9c9c9c')).toBe(true);
  });

  it('returns false for invalid input', () => {
    expect(isLightColor('')).toBe(false);
    expect(isLightColor('white')).toBe(false);
    expect(isLightColor('#ffff')).toBe(false);
    expect(isLightColor(' #fff')).toBe(false);
  });
});
