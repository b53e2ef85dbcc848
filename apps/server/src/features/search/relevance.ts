import { SEARCH_COUNT_CAP } from '@chat/shared';
import type { HitRef } from './search-registry';
import type { ParsedQuery } from './search-query';
import { matcher } from './snippet';

/**
 * `sort=best`: the newest BEST_CANDIDATES hits the viewer may see, ordered in the app by how
 * well each text matches (the same order on both databases; no engine's rank is read, so
 * PostgreSQL computes no vector per row). Pages past them go on by date. As many as a tab
 * counts, so one read of the hits serves both (search.service.ts).
 */
export const BEST_CANDIDATES = SEARCH_COUNT_CAP;

const WORD_CHAR = /[\p{L}\p{N}]/u;
const WORD_AT = /[\p{L}\p{N}]+/uy;

/**
 * Where in a lower-cased text a matching word may begin: each term's word and stem share a
 * beginning (Snowball cuts endings, and English may change a last letter: happy → happi), so
 * only the places holding it are read as words and stemmed. Scanning the text for these with
 * `indexOf` costs far less than stemming each of its words (ranking 200 long posts word by
 * word took ~20 ms).
 */
function beginningsOf(query: ParsedQuery): string[] {
  const pairs = query.terms.flatMap((t) =>
    t.kind === 'phrase'
      ? t.words.map((w, i) => [w, t.stems[i]!] as const)
      : [[t.word, t.stem] as const],
  );
  const beginnings = new Set<string>();
  for (const [word, stem] of pairs) {
    let n = 0;
    while (n < word.length && n < stem.length && word[n] === stem[n]) n += 1;
    beginnings.add(word.slice(0, Math.max(n, 1)));
  }
  return [...beginnings];
}

/** The text's words the query matched, found from their beginnings. */
function countMatched(
  lowered: string,
  beginnings: readonly string[],
  matches: (word: string) => boolean,
): number {
  const seen = new Set<number>();
  for (const beginning of beginnings) {
    for (let at = lowered.indexOf(beginning); at !== -1; at = lowered.indexOf(beginning, at + 1)) {
      if (seen.has(at) || (at > 0 && WORD_CHAR.test(lowered[at - 1]!))) continue;
      WORD_AT.lastIndex = at;
      const word = WORD_AT.exec(lowered)?.[0];
      if (word !== undefined && matches(word)) seen.add(at);
    }
  }
  return seen.size;
}

/** Matched words, saturated, over the text's length; a subject (a title) counts more. */
function relevance(
  ref: HitRef,
  beginnings: readonly string[],
  matches: (word: string) => boolean,
): number {
  const text = ref.text ?? '';
  if (text === '') return 0;
  const lowered = text.toLocaleLowerCase('ru').replaceAll('ё', 'е');
  const hits = countMatched(lowered, beginnings, matches);
  const words = text.split(' ').length;
  const saturated = hits / (hits + 1);
  const brevity = 1 / Math.sqrt(1 + words / 20);
  return saturated * brevity * (ref.type === 'forum_thread' ? 1.5 : 1);
}

export function byRelevance(refs: HitRef[], query: ParsedQuery): HitRef[] {
  const matches = matcher(query);
  const beginnings = beginningsOf(query);
  return refs
    .map((ref) => ({ ref, score: relevance(ref, beginnings, matches) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.ref.created_at.localeCompare(a.ref.created_at) ||
        b.ref.id - a.ref.id,
    )
    .map(({ ref }) => ref);
}
