export interface RgbColor {
  r: number;
  g: number;
  b: number;
}

const HEX_COLOR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for `#rgb` or `#rrggbb`, the leading `#` optional. */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

export function parseHexColor(hex: string): RgbColor | null {
  if (!isHexColor(hex)) {
    return null;
  }
  const digits = hex.startsWith('#') ? hex.slice(1) : hex;
  // Short form doubles each digit: #f80 is #ff8800.
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

/** Perceived brightness 0..255; green weighs most because the eye is most sensitive to it. */
export function colorBrightness({ r, g, b }: RgbColor): number {
  return (r * 299 + g * 587 + b * 114) / 1000;
}

export const LIGHT_COLOR_THRESHOLD = 155;

/**
 * A colour is light when its brightness exceeds 155 (spec section 9); such a background needs
 * dark text. Invalid input is reported as not light so callers need no separate error branch.
 */
export function isLightColor(hex: string): boolean {
  const rgb = parseHexColor(hex);
  return rgb !== null && colorBrightness(rgb) > LIGHT_COLOR_THRESHOLD;
}
