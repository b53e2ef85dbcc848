import type { SearchAnswer, SearchHit, SearchTotals } from '@chat/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { SearchParams } from './links';

/** One page of one tab's results, and that tab's count. */
export interface SearchResults {
  hits: SearchHit[];
  page: number;
  lastPage: number;
  total: number;
}

/** `GET /api/search`; a refused query (422) is shown in place, not toasted. */
export function searchQuery(params: SearchParams) {
  return queryOptions({
    queryKey: ['search', params.q, params.in, params.sort, params.page] as const,
    queryFn: async ({ signal }): Promise<SearchResults> => {
      const answer = await api.get<SearchAnswer['data']>('/api/search', {
        query: {
          q: params.q,
          in: params.in,
          sort: params.sort,
          page: String(params.page),
        },
        handledStatuses: [422],
        signal,
      });
      const meta = answer.meta as Partial<SearchAnswer['meta']> | undefined;
      const page = meta?.current_page ?? params.page;
      return {
        hits: answer.data ?? [],
        page,
        lastPage: meta?.last_page ?? page,
        total: meta?.total ?? answer.data?.length ?? 0,
      };
    },
    // Another tab or page keeps the results on screen until the next arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * `GET /api/search/totals`: every tab's count of one query, asked once a query (not on every
 * page, tab or order), so the hits need not wait for the counts.
 */
export function searchTotalsQuery(q: string) {
  return queryOptions({
    queryKey: ['search-totals', q] as const,
    queryFn: async ({ signal }): Promise<SearchTotals> =>
      // The counts are a hint beside the hits: a failed count shows none, quietly.
      (await api.get<SearchTotals>('/api/search/totals', { query: { q }, silent: true, signal }))
        .data,
    retry: false,
  });
}
