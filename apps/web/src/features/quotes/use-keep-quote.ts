import type { Quote } from '@chat/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Paged } from '../../shared/paged';
import { useChatStore } from '../chat/store';
import { quotesKeys, setKept } from './api';

type QuotesLists = [readonly unknown[], Paged<Quote> | undefined][];

/** Every loaded list with this message shown kept (or not) by me, its count following. */
function markKept(client: QueryClient, messageId: number, keep: boolean): void {
  client.setQueriesData<Paged<Quote>>({ queryKey: quotesKeys.all }, (list) =>
    list
      ? {
          ...list,
          rows: list.rows.map((q) =>
            q.message.id === messageId && q.quoted !== keep
              ? { ...q, quoted: keep, quoted_count: Math.max(0, q.quoted_count + (keep ? 1 : -1)) }
              : q,
          ),
        }
      : list,
  );
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
      const before: QuotesLists = client.getQueriesData<Paged<Quote>>({
        queryKey: quotesKeys.all,
      });
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
