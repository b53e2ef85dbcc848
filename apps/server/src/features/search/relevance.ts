import type { HitRef } from './search-registry';
import type { ParsedQuery } from './search-query';
import { matcher } from './snippet';

/**
 * `sort=best`: the newest BEST_CANDIDATES hits the viewer may see, ordered in the app by how
 * well each text matches (the same order on both databases; no engine's rank is read, so
 * PostgreSQL computes no vector per row). Pages past them go on by date.
 */
export const BEST_CANDIDATES = 200;

const WORD = /[\p{L}\p{N}]+/gu;

/** Matched words, saturated, over the text's length; a subject (a title) counts more. */
export function relevance(ref: HitRef, matches: (word: string) => boolean): number {
  const words = (ref.text ?? '').match(WORD) ?? [];
  if (words.length === 0) return 0;
  const hits = words.filter(matches).length;
  const saturated = hits / (hits + 1);
  const brevity = 1 / Math.sqrt(1 + words.length / 20);
  return saturated * brevity * (ref.type === 'forum_thread' ? 1.5 : 1);
}

export function byRelevance(refs: HitRef[], query: ParsedQuery): HitRef[] {
  const matches = matcher(query);
  return refs
    .map((ref) => ({ ref, score: relevance(ref, matches) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.ref.created_at.localeCompare(a.ref.created_at) ||
        b.ref.id - a.ref.id,
    )
    .map(({ ref }) => ref);
}
