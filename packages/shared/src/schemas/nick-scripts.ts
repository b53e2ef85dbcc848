// Look-alike nicks (issue 19, point 2): what a nick may not hold whatever its skeleton is. The
// skeleton comparison itself (Unicode TS #39 confusables) is the server's: it needs a table the
// web never loads.

/**
 * Code points that show nothing or steer the text around them: Unicode's
 * Default_Ignorable_Code_Point (zero-width characters, the Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0, variation selectors, bidi embeddings and isolates) and the other bidi
 * controls (U+061C, U+200E, U+200F are not all ignorable). A nick of two fillers reads as blank.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

export function hasInvisibleCharacters(nick: string): boolean {
  return INVISIBLE.test(nick);
}

/**
 * TS #39's Recommended scripts (table 7, "Recommended Scripts"), the ones its identifier profile
 * allows; a letter of any other script (Cherokee "ᎪᎠ", Runic, Gothic...) is refused. Names are
 * ECMAScript's Script_Extensions values.
 */
const RECOMMENDED_SCRIPTS = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Thaana',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada',
  'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Ethiopic', 'Khmer',
  'Hangul', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
] as const; // prettier-ignore
type Script = (typeof RECOMMENDED_SCRIPTS)[number];

const SCRIPT_TESTS = RECOMMENDED_SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script_Extensions=${script}}$`, 'u')] as const,
);

/** Digits, punctuation and combining marks belong to every script (TS #39: Common, Inherited). */
const ANY_SCRIPT = /^[\p{Script_Extensions=Common}\p{Script_Extensions=Inherited}]$/u;

/**
 * Latin small capitals, turned and modifier letters: the IPA, Spacing Modifier Letters and
 * Phonetic Extensions blocks, which TS #39's Identifier_Type mostly marks Technical or Obsolete.
 * No confusable mapping joins "ᴀ" or "ʙ" to the plain letters, so "ᴀdmin" would pass the
 * skeleton check. A few letters in these blocks that TS #39 allows (Azerbaijani "ə") are refused
 * too: a choice for a Russian and English chat.
 */
const TECHNICAL_LATIN = /[\u0250-\u02ff\u1d00-\u1dbf]/u;

/** Script sets TS #39 allows in one "highly restrictive" identifier besides a single script. */
const HIGHLY_RESTRICTIVE: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** The recommended scripts one character may be written in; null when none (refused). */
function scriptsOf(char: string): Set<Script> | 'any' | null {
  if (TECHNICAL_LATIN.test(char)) return null;
  if (ANY_SCRIPT.test(char)) return 'any';
  const scripts = new Set<Script>();
  for (const [script, test] of SCRIPT_TESTS) if (test.test(char)) scripts.add(script);
  return scripts.size > 0 ? scripts : null;
}

/**
 * TS #39's restriction level "highly restrictive", word by word: every letter from a recommended
 * script, and one word in one script (or Latin with Han and Japanese kana, Bopomofo or Hangul).
 * "аdmin" (Cyrillic а) and "admіn" (Ukrainian і) fail; "Вася Pupkin" (two words) passes.
 */
export function mixesScripts(nick: string): boolean {
  return nick.split(/[\s_-]+/u).some((word) => !singleScriptWord(word));
}

function singleScriptWord(word: string): boolean {
  const perChar: Set<Script>[] = [];
  for (const char of word) {
    const scripts = scriptsOf(char);
    if (scripts === null) return false;
    if (scripts !== 'any') perChar.push(scripts);
  }
  // One script every letter can be read in (Script_Extensions: a Han-Bopomofo sign counts as both).
  const common = RECOMMENDED_SCRIPTS.filter((s) => perChar.every((set) => set.has(s)));
  if (common.length > 0) return true;
  return HIGHLY_RESTRICTIVE.some((allowed) =>
    perChar.every((set) => [...set].some((s) => allowed.includes(s))),
  );
}
