import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchGifs, gifKeys, type GifQuery } from './api';

/** Typing pauses this long before a search is sent. */
export const GIF_SEARCH_DEBOUNCE_MS = 300;

/** A value that follows `value` once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** One category's GIFs, or a search across all of them, page after page. */
export function useGifSearch(query: GifQuery, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: gifKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchGifs(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
    staleTime: 5 * 60_000,
  });
}
