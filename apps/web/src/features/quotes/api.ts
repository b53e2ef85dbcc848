import type { Quote, QuoteTab } from '@chat/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { compactQuery, toPaged, type Paged } from '../../shared/paged';

/** Query keys of the quotes page (TanStack Query). */
export const quotesKeys = {
  all: ['quotes'] as const,
  lists: ['quotes', 'list'] as const,
  list: (tab: QuoteTab, page: number) => ['quotes', 'list', tab, page] as const,
  one: (messageId: number) => ['quotes', 'one', messageId] as const,
};

/** `GET /api/quotes?tab&page`. */
export function quotesQuery(tab: QuoteTab, page: number) {
  return queryOptions({
    queryKey: quotesKeys.list(tab, page),
    queryFn: async ({ signal }): Promise<Paged<Quote>> =>
      toPaged(
        await api.get<Quote[]>('/api/quotes', {
          query: compactQuery({ tab, page: page > 1 ? page : undefined }),
          signal,
        }),
        page,
      ),
    // Another tab or page keeps the quotes on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

/** `POST|DELETE /api/quote/{id}`: keeps the message in my quotes, or lets it go. */
export async function setKept(messageId: number, keep: boolean): Promise<void> {
  await api.request(`/api/quote/${messageId}`, { method: keep ? 'POST' : 'DELETE' });
}

/** `GET /api/quote/{id}`: one kept message, where a search hit leads; a 404 is shown in place. */
export function quoteQuery(messageId: number) {
  return queryOptions({
    queryKey: quotesKeys.one(messageId),
    queryFn: async ({ signal }): Promise<Quote> =>
      (await api.get<Quote>(`/api/quote/${messageId}`, { handledStatuses: [404], signal })).data,
    retry: false,
  });
}
