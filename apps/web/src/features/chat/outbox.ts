import { composeMessage, MESSAGE_TYPE } from '@chat/shared';
import { createOutboxQueue } from '../../lib/outbox-queue';
import { findPending, updatePending, withMessages, withoutPending } from './transitions';
import type { ChatSlice, FullChatStore } from './store-types';
import type { SendMessageBody } from './api';
import type { PendingMessage } from './types';

// The runner (order, one at a time, waiting out a lost network) is shared with the messenger.
export { makeClientId, OUTBOX_RETRY_MS } from '../../lib/outbox-queue';

export type OutboxActions = Pick<
  FullChatStore,
  'sendMessage' | 'retryMessage' | 'discardMessage' | 'flushOutbox'
>;

/** The body fields of a message's pictures or GIF (a GIF message has its own type). */
function extrasBody(pending: PendingMessage): Partial<SendMessageBody> {
  const body: Partial<SendMessageBody> = {};
  if (pending.attachments?.length) body.attachments = pending.attachments.map((a) => a.id);
  if (pending.gif) {
    body.type_id = MESSAGE_TYPE.gif;
    body.gif_id = pending.gif.id;
  }
  if (pending.reply_to) body.reply_to = pending.reply_to.id;
  return body;
}

/** The text, and `type_id` action for a "/me" line (a plain message leaves the default). */
function actionBody(typed: string): Partial<SendMessageBody> & { text: string } {
  const { type_id, text } = composeMessage(typed);
  return type_id === MESSAGE_TYPE.action ? { type_id, text } : { text: typed };
}

/**
 * The chat's outbox: every message goes in as `queued` in its room's pending list, and the
 * shared queue sends the queued ones one at a time in the order they were typed.
 */
export function createOutbox({ set, get, deps }: ChatSlice): OutboxActions {
  const pendingOf = (clientId: string) => findPending(get().pending, clientId);

  const queue = createOutboxQueue<PendingMessage>({
    find: pendingOf,
    mark: (clientId, state, error) =>
      set((s) => ({ pending: updatePending(s.pending, clientId, { state, error }) })),
    isConnected: () => deps.realtime.isConnected(),
    later: deps.later,
    now: deps.now,
    ...(deps.onSendPaused ? { onPause: deps.onSendPaused } : {}),
    send: async (pending) => {
      const { client_id: clientId, room_id: roomId } = pending;
      const { message } = await deps.api.sendMessage(roomId, {
        // "/me waves" goes as an action (type_id 2) with the text "waves"; else the text as typed.
        ...actionBody(pending.text),
        client_id: clientId,
        mentions: pending.mentions,
        ...extrasBody(pending),
      });
      // Replaced by the server's message; merged by id with a copy the socket may have brought.
      set((s) => ({
        ...withMessages(s, roomId, [message]),
        pending: withoutPending(s.pending, roomId, clientId),
      }));
    },
  });

  return {
    flushOutbox: () => queue.flush(),
    sendMessage: (roomId, text, mentions, extras = {}) => {
      const empty = text.trim() === '' && !extras.attachments?.length && !extras.gif;
      if (empty || !get().rooms.rooms.some((r) => r.id === roomId)) return;
      const pending: PendingMessage = {
        client_id: deps.makeClientId(),
        room_id: roomId,
        text,
        mentions: [...mentions],
        ...(extras.attachments?.length ? { attachments: [...extras.attachments] } : {}),
        ...(extras.gif ? { gif: extras.gif } : {}),
        ...(extras.replyTo ? { reply_to: extras.replyTo } : {}),
        state: 'queued',
        error: null,
        created_at: new Date(deps.now()).toISOString(),
      };
      set((s) => ({
        pending: { ...s.pending, [roomId]: [...(s.pending[roomId] ?? []), pending] },
      }));
      queue.enqueue(pending.client_id);
    },
    retryMessage: (clientId) => queue.retry(clientId),
    discardMessage: (clientId) => {
      const pending = pendingOf(clientId);
      // One in flight cannot be called back: its answer decides.
      if (pending === undefined || pending.state === 'sending') return;
      set((s) => ({ pending: withoutPending(s.pending, pending.room_id, clientId) }));
    },
  };
}
