import type { Quote } from '@chat/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '../../shared/paged';
import { useChatStore } from '../chat/store';
import { quotesKeys, setKept } from './api';

type Cached = Paged<Quote> | Quote;
type QuotesCache = [readonly unknown[], Cached | undefined][];

/** The quote shown kept (or not) by me, its count following; unchanged when it already is. */
function withKept(quote: Quote, messageId: number, keep: boolean): Quote {
  if (quote.message.id !== messageId || quote.quoted === keep) return quote;
  return {
    ...quote,
    quoted: keep,
    quoted_count: Math.max(0, quote.quoted_count + (keep ? 1 : -1)),
  };
}

/** Every loaded list and single quote with this message shown kept (or not) by me. */
function markKept(client: QueryClient, messageId: number, keep: boolean): void {
  client.setQueriesData<Cached>({ queryKey: quotesKeys.all }, (cached) => {
    if (!cached) return cached;
    if ('rows' in cached)
      return { ...cached, rows: cached.rows.map((q) => withKept(q, messageId, keep)) };
    return withKept(cached, messageId, keep);
  });
}

/** The chat's menu says "Remove from quotes" for what I keep: its set follows this page. */
function syncChat(messageId: number, keep: boolean): void {
  const chat = useChatStore.getState();
  const ids = new Set(chat.quotedMessageIds);
  if (keep) ids.add(messageId);
  else ids.delete(messageId);
  chat.hydrate({ quotes: [...ids] });
}

/**
 * Keep or let go of a quote: shown at once on every loaded list, put back when the server
 * refuses (the API client toasts why). The lists' order is not redone under the reader's
 * pointer: they are marked stale and read again when next shown.
 */
export function useKeepQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, keep }: { messageId: number; keep: boolean }) =>
      setKept(messageId, keep),
    onMutate: async ({ messageId, keep }) => {
      await client.cancelQueries({ queryKey: quotesKeys.all });
      const before: QuotesCache = client.getQueriesData<Cached>({ queryKey: quotesKeys.all });
      markKept(client, messageId, keep);
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSuccess: (_data, { messageId, keep }) => {
      syncChat(messageId, keep);
      void client.invalidateQueries({ queryKey: quotesKeys.all, refetchType: 'none' });
    },
  });
}
