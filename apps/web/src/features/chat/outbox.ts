import { CLIENT_ID_PATTERN } from '@chat/shared';
import { ApiError } from '../../lib/api-error';
import {
  findPending,
  updatePending,
  withMessages,
  withoutPending,
} from '../realtime/chat-transitions';
import type { ChatSlice, FullChatStore } from './store';
import type { PendingMessage } from './types';

export type OutboxActions = Pick<
  FullChatStore,
  'sendMessage' | 'retryMessage' | 'discardMessage' | 'flushOutbox'
>;

/** After a lost network while the socket still looks connected, try again this much later. */
export const OUTBOX_RETRY_MS = 5000;

// A gateway between us and the server is restarting (a deploy): the same client_id is safe to
// send again, so these wait in the outbox like a lost network instead of failing the message.
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/**
 * A message's client_id: 32 hex characters from a random UUID, or 22 base64url characters from
 * 16 random bytes where randomUUID is missing (plain http pages). Either matches the server's
 * CLIENT_ID_PATTERN; the server answers a repeat of it with the first message.
 */
export function makeClientId(source: Crypto = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID().replaceAll('-', '');
  const bytes = source.getRandomValues(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  if (!CLIENT_ID_PATTERN.test(id)) throw new Error('client id out of pattern');
  return id;
}

/**
 * The outbox: every message goes in as `queued`, and one runner sends the queued ones one at a
 * time in the order they were typed, so that a message never overtakes an earlier one. Nothing is
 * persisted: a reload drops what was not sent, as the user can see it was not.
 */
export function createOutbox({ set, get, deps }: ChatSlice): OutboxActions {
  /** client_ids in the order typed, across rooms; entries no longer pending are skipped. */
  let order: string[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let retryArmed = false;

  const pendingOf = (clientId: string) => findPending(get().pending, clientId);

  const nextQueued = (): PendingMessage | undefined => {
    order = order.filter((id) => pendingOf(id) !== undefined);
    for (const id of order) {
      const pending = pendingOf(id);
      if (pending?.state === 'queued') return pending;
    }
    return undefined;
  };

  const retryLater = () => {
    if (retryArmed) return;
    retryArmed = true;
    deps.later(() => {
      retryArmed = false;
      void get().flushOutbox();
    }, OUTBOX_RETRY_MS);
  };

  /** Sends one message; false when the network is gone and the rest must wait. */
  const sendOne = async (pending: PendingMessage): Promise<boolean> => {
    const { client_id: clientId, room_id: roomId } = pending;
    set((s) => ({ pending: updatePending(s.pending, clientId, { state: 'sending' }) }));
    try {
      const { message } = await deps.api.sendMessage(roomId, {
        text: pending.text,
        client_id: clientId,
        mentions: pending.mentions,
      });
      // Replaced by the server's message; merged by id with a copy the socket may have brought.
      set((s) => ({
        ...withMessages(s, roomId, [message]),
        pending: withoutPending(s.pending, roomId, clientId),
      }));
      return true;
    } catch (error) {
      if (error instanceof ApiError && RETRYABLE_STATUSES.has(error.status)) {
        set((s) => ({ pending: updatePending(s.pending, clientId, { state: 'queued' }) }));
        retryLater();
        return false;
      }
      const text = error instanceof Error ? error.message : String(error);
      set((s) => ({
        pending: updatePending(s.pending, clientId, { state: 'failed', error: text }),
      }));
      return true;
    }
  };

  const drain = async () => {
    while (deps.realtime.isConnected()) {
      const next = nextQueued();
      if (next === undefined || !(await sendOne(next))) return;
    }
  };

  const flushOutbox = (): Promise<void> => {
    if (running) {
      // A message typed while another is in flight: the running loop picks it up.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    flushOutbox,
    sendMessage: (roomId, text, mentions) => {
      if (text.trim() === '' || !get().rooms.rooms.some((r) => r.id === roomId)) return;
      const pending: PendingMessage = {
        client_id: deps.makeClientId(),
        room_id: roomId,
        text,
        mentions: [...mentions],
        state: 'queued',
        error: null,
        created_at: new Date(deps.now()).toISOString(),
      };
      set((s) => ({
        pending: { ...s.pending, [roomId]: [...(s.pending[roomId] ?? []), pending] },
      }));
      order.push(pending.client_id);
      void flushOutbox();
    },
    retryMessage: (clientId) => {
      if (pendingOf(clientId)?.state !== 'failed') return;
      set((s) => ({
        pending: updatePending(s.pending, clientId, { state: 'queued', error: null }),
      }));
      void flushOutbox();
    },
    discardMessage: (clientId) => {
      const pending = pendingOf(clientId);
      // One in flight cannot be called back: its answer decides.
      if (pending === undefined || pending.state === 'sending') return;
      set((s) => ({ pending: withoutPending(s.pending, pending.room_id, clientId) }));
    },
  };
}
