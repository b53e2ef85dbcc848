import type { ImChannel, ImMessage } from '@chat/shared';
import type { ApiClient } from '../../lib/api-client';

export interface ImPage<T> {
  data: T[];
  /** False when this was the last page. */
  hasMore: boolean;
}

export interface SendImBody {
  text: string;
  client_id: string;
  attachments: number[];
}

/** Every private-messages call of API.md, typed; the messenger's store is their only caller. */
export interface ImApi {
  /** A page of the list, newest activity first; page 1 quietly, a further page with a toast. */
  channels(page: number): Promise<ImPage<ImChannel>>;
  /** The channel with this person, made on first use. */
  openChannel(userId: number): Promise<ImChannel>;
  /** The newest page (page 1) or an older one, oldest first. */
  messages(channelId: number, page: number): Promise<ImPage<ImMessage>>;
  /** What was missed: the messages after `afterId`, oldest first; `hasMore` asks for more. */
  messagesAfter(channelId: number, afterId: number): Promise<ImPage<ImMessage>>;
  /** `replay` is true when the server had this client_id already. */
  send(channelId: number, body: SendImBody): Promise<{ message: ImMessage; replay: boolean }>;
  read(channelId: number): Promise<void>;
  remove(messageId: number): Promise<void>;
  restore(messageId: number): Promise<void>;
}

// Failures of the outbox's sends are shown beside the message, not as toasts; 403 and 404 of a
// conversation are shown in it (the blocked notice, the not-found state). "Too fast" (429)
// pauses the outbox, which keeps one toast of its own.
const OUTBOX_HANDLED = { handlesValidation: true, handledStatuses: [0, 403, 429] } as const;
const IN_PLACE = { handledStatuses: [403, 404] } as const;
// Catch-up and read marks run on their own; the next reconnect or visit repairs a failed one.
const QUIET = { silent: true } as const;

const hasMoreOf = (meta: Record<string, unknown> | undefined): boolean => {
  const current = Number(meta?.current_page);
  const last = Number(meta?.last_page);
  return Number.isFinite(current) && Number.isFinite(last) && current < last;
};

const oldestFirst = (messages: ImMessage[]) => [...messages].sort((a, b) => a.id - b.id);

export function createImApi(client: ApiClient): ImApi {
  return {
    channels: async (page) => {
      // The list shows its own error state for page 1, and a reconnect's refresh failing is not
      // news; a further page the person scrolled to fails with a toast (the list keeps a retry).
      const answer = await client.get<ImChannel[]>('/api/im/channels', {
        ...(page === 1 ? QUIET : {}),
        query: { page: String(page) },
      });
      return { data: answer.data, hasMore: hasMoreOf(answer.meta) };
    },
    openChannel: async (userId) =>
      (await client.post<ImChannel>('/api/im/channels', { user_id: userId })).data,
    messages: async (channelId, page) => {
      const answer = await client.get<ImMessage[]>(`/api/im/message/${channelId}`, {
        ...IN_PLACE,
        query: { page: String(page) },
      });
      return { data: oldestFirst(answer.data), hasMore: hasMoreOf(answer.meta) };
    },
    messagesAfter: async (channelId, afterId) => {
      const answer = await client.get<ImMessage[]>(`/api/im/message/${channelId}`, {
        ...QUIET,
        query: { after: String(afterId) },
      });
      return { data: oldestFirst(answer.data), hasMore: answer.meta?.has_more === true };
    },
    send: async (channelId, body) => {
      const answer = await client.post<ImMessage>(
        `/api/im/channel/${channelId}`,
        body,
        OUTBOX_HANDLED,
      );
      return { message: answer.data, replay: answer.status === 200 };
    },
    read: async (channelId) => {
      await client.post(`/api/im/channel/${channelId}/read`, undefined, QUIET);
    },
    remove: async (messageId) => {
      await client.request(`/api/im/message/${messageId}`, { method: 'DELETE' });
    },
    restore: async (messageId) => {
      await client.post(`/api/im/message/${messageId}/restore`);
    },
  };
}
