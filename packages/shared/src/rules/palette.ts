import { isLightColor } from './color';

/**
 * The nick colour palette (spec: "8 rows of 10 colours"): one row per hue (red, orange, yellow,
 * green, teal, blue, purple, grey), each from dark to light. The server accepts only these, and
 * the web editor draws exactly this grid.
 */
export const NICK_PALETTE: readonly (readonly string[])[] = [
  [
    '#500b0b',
    '#701010',
    '#8f1414',
    '#ae1919',
    '#cd1d1d',
    '#e12d2d',
    '#e64c4c',
    '#eb7070',
    '#f09494',
    '#f6c1c1',
  ],
  [
    '#552b07',
    '#763c0a',
    '#974d0c',
    '#b85e0f',
    '#d96f12',
    '#ed8021',
    '#f09342',
    '#f3a968',
    '#f6be8e',
    '#fad9bd',
  ],
  [
    '#554807',
    '#76640a',
    '#97800c',
    '#b89c0f',
    '#d9b812',
    '#edcb21',
    '#f0d342',
    '#f3dc68',
    '#f6e48e',
    '#faf0bd',
  ],
  [
    '#124917',
    '#1a6620',
    '#218329',
    '#289f32',
    '#2fbc3b',
    '#3fcf4b',
    '#5cd666',
    '#7cde85',
    '#9de7a3',
    '#c6f1c9',
  ],
  [
    '#104c4a',
    '#166966',
    '#1d8783',
    '#23a4a0',
    '#29c2bc',
    '#39d5d0',
    '#57dbd7',
    '#78e2df',
    '#9aeae7',
    '#c4f3f1',
  ],
  [
    '#0b2850',
    '#103870',
    '#14478f',
    '#1957ae',
    '#1d67cd',
    '#2d78e1',
    '#4c8ce6',
    '#70a3eb',
    '#94baf0',
    '#c1d7f6',
  ],
  [
    '#371249',
    '#4d1a66',
    '#622183',
    '#77289f',
    '#8d2fbc',
    '#9f3fcf',
    '#ad5cd6',
    '#be7cde',
    '#ce9de7',
    '#e2c6f1',
  ],
  [
    '#2e2e2e',
    '#404040',
    '#525252',
    '#636363',
    '#757575',
    '#878787',
    '#999999',
    '#adadad',
    '#c2c2c2',
    '#dbdbdb',
  ],
];

const PALETTE_SET: ReadonlySet<string> = new Set(NICK_PALETTE.flat());

/** The palette's rows by hue, in order: what a swatch is called (with its shade) in words. */
export const NICK_PALETTE_HUES = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'grey',
] as const;
export type NickPaletteHue = (typeof NICK_PALETTE_HUES)[number];

/**
 * Where a palette colour sits: its hue and its shade, 1 (darkest) to 10 (lightest), so that an
 * interface can name it ("Red, shade 3") instead of reading out a hex code. Null off the palette.
 */
export function paletteColorPlace(value: string): { hue: NickPaletteHue; shade: number } | null {
  const wanted = value.toLowerCase();
  for (const [row, colors] of NICK_PALETTE.entries()) {
    const at = colors.indexOf(wanted);
    const hue = NICK_PALETTE_HUES[row];
    if (at >= 0 && hue !== undefined) return { hue, shade: at + 1 };
  }
  return null;
}

export function isPaletteColor(value: unknown): value is string {
  return typeof value === 'string' && PALETTE_SET.has(value.toLowerCase());
}

/**
 * Whether a nick may wear this colour. Nicks are drawn on the light chat background, so a
 * colour the spec calls light (weighted brightness above 155) would be unreadable there: such
 * swatches are shown disabled in the editor and refused by the server. The dark theme needs no
 * extra rule: every allowed colour is at most mid-bright.
 */
export function isNickColorAllowed(value: unknown): value is string {
  return isPaletteColor(value) && !isLightColor(value);
}

/**
 * The rows everyone may use (red, orange, yellow, green: 40 colours); the rest of the grid is a
 * premium perk (`nick.palette_extended`). The editor shows them locked without premium.
 */
export const NICK_PALETTE_BASIC_ROWS = 4;
const BASIC_SET: ReadonlySet<string> = new Set(
  NICK_PALETTE.slice(0, NICK_PALETTE_BASIC_ROWS).flat(),
);

/** A palette colour of the basic rows (any case); false for extended rows and strangers. */
export function isBasicNickColor(value: unknown): value is string {
  return typeof value === 'string' && BASIC_SET.has(value.toLowerCase());
}
