import type { SearchAnswer, SearchHit, SearchScope } from '@chat/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { SearchParams } from './links';

/** One page of results with the counts of every tab. */
export interface SearchResults {
  hits: SearchHit[];
  page: number;
  lastPage: number;
  total: number;
  totals: Partial<Record<SearchScope, number>>;
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
      const totals = (answer.envelope?.totals ?? {}) as SearchResults['totals'];
      const page = meta?.current_page ?? params.page;
      return {
        hits: answer.data ?? [],
        page,
        lastPage: meta?.last_page ?? page,
        total: meta?.total ?? answer.data?.length ?? 0,
        totals,
      };
    },
    // Another tab or page keeps the results on screen until the next arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
