/** GIF search over `gifs.search_key` (lib/text-fold.ts says how text is folded). */
import { foldWords } from '../../lib/text-fold';

/** At most this many words of a query are used (each is one LIKE). */
export const QUERY_WORDS_MAX = 8;

/**
 * LIKE patterns for a query: every word must start a word of the title. Words hold letters and
 * digits only, so no LIKE wildcard can come from the query.
 */
export function searchPatterns(query: string | undefined): string[] {
  if (!query) return [];
  return [...new Set(foldWords(query))].slice(0, QUERY_WORDS_MAX).map((word) => `% ${word}%`);
}
