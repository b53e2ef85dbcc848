import snowball from 'snowball-stemmers';
import { foldWords } from './text-fold';

/**
 * Words as the search index holds them: folded (lib/text-fold.ts: NFKC, Russian lower case,
 * "ё" as "е"), then stemmed by Snowball, Russian for a word with Cyrillic letters, English for
 * one with Latin letters; anything else (digits, other scripts) stays as folded. PostgreSQL's
 * `russian` configuration splits the same way (Russian Snowball for Cyrillic words, English
 * Snowball for ASCII ones), so both drivers join the same word forms.
 */
const russian = snowball.newStemmer('russian');
const english = snowball.newStemmer('english');

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/** Longer "words" (a pasted hash, a long URL) are cut: no word form is that long. */
const WORD_MAX = 64;

/**
 * Stems already made: these Snowball stemmers (translated from Java) take tens of microseconds
 * a word, and ranking a search's 200 candidates, its snippets or a post's index row stem
 * thousands of words from a far smaller vocabulary (`npm run bench -- forum` found the ranking
 * taking most of a search's time). Bounded, as words are at most WORD_MAX: emptied when full.
 */
const STEMS_MAX = 50_000;
const stems = new Map<string, string>();

/** One folded word's stem. */
export function stemWord(folded: string): string {
  const word = folded.length > WORD_MAX ? folded.slice(0, WORD_MAX) : folded;
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = CYRILLIC.test(word) ? russian.stem(word) : LATIN.test(word) ? english.stem(word) : word;
    if (stems.size >= STEMS_MAX) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** A text's stems in order (the index's tokens, and what a snippet compares words by). */
export function stemsOf(text: string): string[] {
  return foldWords(text).map(stemWord);
}

/**
 * The document the SQLite index stores for a text: its stems joined by spaces. Registered as
 * the SQL function `search_words(text)` on every SQLite connection the site opens
 * (db/database.ts), so the index triggers and backfills stem in the app's own code.
 */
export function searchWordsOf(text: string | null): string {
  if (text === null || text === '') return '';
  return stemsOf(text).join(' ');
}
