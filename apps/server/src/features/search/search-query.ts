import { foldWords } from '../../lib/text-fold';
import { stemWord } from '../../lib/search-words';

/**
 * The one query language of the site's search (docs/search.md), parsed in the app for both
 * drivers: words (all must match), "quoted phrases" (adjacent words), a trailing `*` for a
 * prefix. Everything else (operators, punctuation, SQL, FTS5 syntax) is only a separator
 * between words: nothing the visitor typed reaches FTS5 MATCH or to_tsquery but words made
 * of letters and digits, which the drivers quote themselves.
 */
export type SearchTerm =
  | { kind: 'word'; word: string; stem: string }
  | { kind: 'prefix'; word: string; stem: string }
  | { kind: 'phrase'; words: string[]; stems: string[] };

export interface ParsedQuery {
  terms: SearchTerm[];
}

/** More terms than this are dropped: each one is another index look-up. */
export const SEARCH_TERMS_MAX = 8;
/** A phrase's words beyond this are dropped. */
export const PHRASE_WORDS_MAX = 8;
/** A shorter prefix is searched as a whole word: "a*" would read the whole index. */
export const PREFIX_MIN = 2;

// A chunk's trailing star: right after a letter or digit, maybe followed by punctuation.
const TRAILING_STAR = /[\p{L}\p{N}]\*+[^\p{L}\p{N}\s]*$/u;
// Control characters (a null byte included) are dropped before anything else.
const CONTROL = /\p{Cc}/gu;

export function parseSearchQuery(raw: string): ParsedQuery {
  const text = raw.replace(CONTROL, ' ');
  const terms: SearchTerm[] = [];
  // Quotes pair up from the left; an odd last quote is just a separator.
  const parts = text.split('"');
  const paired = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  parts.forEach((part, i) => {
    const quoted = i % 2 === 1 && i < paired;
    if (quoted) addPhrase(terms, part);
    else addWords(terms, part);
  });
  return { terms: dedupe(terms).slice(0, SEARCH_TERMS_MAX) };
}

function addPhrase(terms: SearchTerm[], text: string): void {
  const words = foldWords(text).slice(0, PHRASE_WORDS_MAX);
  if (words.length === 1) terms.push(word(words[0]!));
  else if (words.length > 1) terms.push({ kind: 'phrase', words, stems: words.map(stemWord) });
}

function addWords(terms: SearchTerm[], text: string): void {
  for (const chunk of text.split(/\s+/u)) {
    const words = foldWords(chunk);
    if (words.length === 0) continue;
    const last = words.length - 1;
    words.forEach((w, i) => {
      const prefix = i === last && TRAILING_STAR.test(chunk) && [...w].length >= PREFIX_MIN;
      terms.push(prefix ? { kind: 'prefix', word: w, stem: stemWord(w) } : word(w));
    });
  }
}

function word(w: string): SearchTerm {
  return { kind: 'word', word: w, stem: stemWord(w) };
}

function dedupe(terms: SearchTerm[]): SearchTerm[] {
  const seen = new Set<string>();
  return terms.filter((t) => {
    const key = t.kind === 'phrase' ? `p:${t.stems.join(' ')}` : `${t.kind}:${t.stem}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The FTS5 MATCH expression of a query over stemmed documents: each stem in double quotes
 * (an FTS5 string, so no word is ever read as an operator: NEAR, AND, OR, NOT), a prefix as
 * `"stem"*`, a phrase as one quoted string of stems; terms side by side mean AND.
 */
export function fts5Match(query: ParsedQuery): string {
  return query.terms
    .map((t) => {
      if (t.kind === 'phrase') return `"${t.stems.join(' ')}"`;
      return t.kind === 'prefix' ? `"${t.stem}"*` : `"${t.stem}"`;
    })
    .join(' ');
}

/**
 * The to_tsquery text of a query: folded words quoted as lexemes (PostgreSQL stems them by the
 * same configuration as the index), `:*` for a prefix, `<->` between a phrase's words, `&`
 * between terms. The words hold only letters and digits, so the quotes cannot be broken.
 */
export function tsQueryText(query: ParsedQuery): string {
  return query.terms
    .map((t) => {
      if (t.kind === 'phrase') return `(${t.words.map((w) => `'${w}'`).join(' <-> ')})`;
      return t.kind === 'prefix' ? `'${t.word}':*` : `'${t.word}'`;
    })
    .join(' & ');
}
