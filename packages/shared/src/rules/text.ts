/**
 * The one rule for free text people type (messages, private messages, room names, statuses,
 * profile texts, complaints and their comments, ban comments, gift texts): what is refused,
 * what is dropped, and the form it is stored in. Used by `plainText` (schemas/fields.ts), which
 * every free-text field of the wire schemas goes through.
 *
 * - Refused (the text is not taken, 422): control characters other than tab and line breaks (C0,
 *   DEL and C1: NUL cannot even be stored by PostgreSQL, and SQLite kept it); bidi embeddings,
 *   overrides and isolates (U+202A–U+202E, U+2066–U+2069), which turn the text around it (a
 *   nick or a room name beside it) backwards; and filler letters that draw nothing (the Hangul
 *   fillers U+115F, U+1160, U+3164, U+FFA0, and the blank Braille pattern U+2800), the usual
 *   way to write a blank name or a message that looks empty.
 * - Dropped: zero-width and other format characters (Unicode's format category and default
 *   ignorables: zero-width space and joiners, word joiner, soft hyphen, direction marks, BOM,
 *   Mongolian selectors, tags...), which make two texts that look the same differ ("General"
 *   and "General" with a zero-width space). Kept only where an emoji needs them: a zero-width
 *   joiner between two emoji (👩‍💻), variation selectors after an emoji or a symbol (❤️), and
 *   the tags of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 * - Normalized to NFC, so that "й" typed as и + combining breve and "й" are one text.
 *
 * Regular expressions without lookbehind: the web's older Safari must load this module too.
 */

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;
const FILLER = /[\u115F\u1160\u3164\uFFA0\u2800]/;
const REFUSED = new RegExp(`${CONTROL.source}|${BIDI_OVERRIDE.source}|${FILLER.source}`);

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const ZWJ = '\u200D';
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const TAG = /^[\u{E0020}-\u{E007F}]$/u;
const BLACK_FLAG = '\u{1F3F4}';
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/** What a variation selector may follow: emoji (keycaps' digits too), symbols, ideographs. */
const TAKES_VARIATION = /^[\p{Emoji}\p{S}\p{Ideographic}]$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;

export type TextProblem = 'control' | 'bidi_override' | 'filler';

/** Why a text is refused, or null when it may be taken (after `cleanText`). */
export function textProblem(text: string): TextProblem | null {
  if (!REFUSED.test(text)) return null;
  if (CONTROL.test(text)) return 'control';
  if (BIDI_OVERRIDE.test(text)) return 'bidi_override';
  return 'filler';
}

/** Control characters other than tab and line breaks (part of `textProblem`). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** The text as it is stored: invisible format characters dropped (but emoji's), NFC. */
export function cleanText(text: string): string {
  return stripInvisible(text).normalize('NFC');
}

export function stripInvisible(text: string): string {
  if (!INVISIBLE.test(text)) return text;
  const points = Array.from(text);
  let out = '';
  for (let i = 0; i < points.length; i++) {
    const point = points[i]!;
    if (!INVISIBLE.test(point) || keptForEmoji(points, i)) out += point;
  }
  return out;
}

function keptForEmoji(points: readonly string[], i: number): boolean {
  const point = points[i]!;
  if (point === ZWJ) return emojiBefore(points, i) && PICTOGRAPHIC.test(points[i + 1] ?? '');
  if (VARIATION_SELECTOR.test(point)) return TAKES_VARIATION.test(points[i - 1] ?? '');
  if (TAG.test(point)) {
    let j = i - 1;
    while (j >= 0 && TAG.test(points[j]!)) j--;
    return points[j] === BLACK_FLAG;
  }
  return false;
}

/** An emoji ends just before `i`, past its skin tone and variation selector. */
function emojiBefore(points: readonly string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (VARIATION_SELECTOR.test(points[j]!) || EMOJI_MODIFIER.test(points[j]!))) j--;
  return j >= 0 && PICTOGRAPHIC.test(points[j]!);
}
