import { CLIENT_ID_PATTERN } from '@chat/shared';
import { ApiError } from './api-error';

/** After a lost network while the socket still looks connected, try again this much later. */
export const OUTBOX_RETRY_MS = 5000;

// A gateway between us and the server is restarting (a deploy): the same client_id is safe to
// send again, so these wait in the outbox like a lost network instead of failing the message.
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** Without a reset header, a 429 waits this long before the queue tries again. */
export const OUTBOX_TOO_FAST_FALLBACK_MS = 5000;

/**
 * The states of a message typed here and not yet confirmed by the server: `waiting` is queued
 * behind the rate limit (it goes out by itself when the limit resets), `queued` waits for the
 * connection or its turn.
 */
export type OutboxState = 'queued' | 'waiting' | 'sending' | 'failed';

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
 * Where a queue's messages live: each feature keeps its pending messages in its own store (the
 * chat per room, the messenger per channel) and lets the queue read and mark them.
 */
export interface OutboxQueueDeps<T extends { state: OutboxState }> {
  /** The pending message with this client_id, or undefined once it is sent or dropped. */
  find(clientId: string): T | undefined;
  mark(clientId: string, state: OutboxState, error: string | null): void;
  /** Sends one message and puts the server's answer in the store (dropping it from pending). */
  send(pending: T): Promise<void>;
  isConnected(): boolean;
  later(run: () => void, ms: number): void;
  /** Wall-clock milliseconds: the rate limit's reset comes as a unix time. */
  now?: () => number;
  /**
   * The server said "too fast": sending pauses until `untilMs` (unix ms), and null once a
   * message goes out again. One call per pause or change of its end, for one shared notice.
   */
  onPause?: (untilMs: number | null) => void;
}

export interface OutboxQueue {
  /** A new pending message (already in the store as `queued`): remember its order, send soon. */
  enqueue(clientId: string): void;
  /** Sends the queued messages in the order typed, when connected. Never rejects. */
  flush(): Promise<void>;
  /** A failed message goes back in the queue with the same client_id (no duplicate). */
  retry(clientId: string): void;
}

/** When a 429 says sending works again (unix ms): the reset header, else Retry-After. */
export function tooFastUntil(error: ApiError, nowMs: number): number {
  const headers = error.failed?.headers;
  const reset = Number(headers?.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(reset * 1000, nowMs + 1000);
  const after = Number(headers?.get('retry-after'));
  if (Number.isFinite(after) && after > 0) return nowMs + after * 1000;
  return nowMs + OUTBOX_TOO_FAST_FALLBACK_MS;
}

const isSendable = (state: OutboxState) => state === 'queued' || state === 'waiting';

/**
 * The outbox runner shared by the public chat and the messenger: one loop sends the queued
 * messages one at a time in the order they were typed, so a message never overtakes an earlier
 * one; a lost network leaves them queued until the connection returns. Nothing is persisted: a
 * reload drops what was not sent, as the user can see it was not.
 */
export function createOutboxQueue<T extends { client_id: string; state: OutboxState }>(
  deps: OutboxQueueDeps<T>,
): OutboxQueue {
  /** client_ids in the order typed; entries no longer pending are skipped. */
  let order: string[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  let retryArmed = false;
  /** Unix ms until which the server refuses more (429); 0 when sending is allowed. */
  let pausedUntil = 0;
  const now = () => (deps.now ?? Date.now)();

  const nextQueued = (): T | undefined => {
    order = order.filter((id) => deps.find(id) !== undefined);
    for (const id of order) {
      const pending = deps.find(id);
      if (pending !== undefined && isSendable(pending.state)) return pending;
    }
    return undefined;
  };

  /** Every queued message shows that it waits out the limit (and goes out by itself). */
  const markWaiting = () => {
    for (const id of order) {
      if (deps.find(id)?.state === 'queued') deps.mark(id, 'waiting', null);
    }
  };

  /** Stops sending until the limit resets; a later 429 moves the end, never twice armed. */
  const pause = (until: number) => {
    const armed = pausedUntil > now();
    if (until === pausedUntil) return;
    pausedUntil = until;
    markWaiting();
    deps.onPause?.(until);
    if (armed) return;
    const wake = () => {
      const left = pausedUntil - now();
      // The end moved later while this timer ran: sleep the rest.
      if (left > 0) return deps.later(wake, left);
      void flush();
    };
    deps.later(wake, until - now());
  };

  const resumed = () => {
    if (pausedUntil === 0) return;
    pausedUntil = 0;
    deps.onPause?.(null);
  };

  const retryLater = () => {
    if (retryArmed) return;
    retryArmed = true;
    deps.later(() => {
      retryArmed = false;
      void flush();
    }, OUTBOX_RETRY_MS);
  };

  /** Sends one message; false when the network is gone and the rest must wait. */
  const sendOne = async (pending: T): Promise<boolean> => {
    const clientId = pending.client_id;
    deps.mark(clientId, 'sending', null);
    try {
      await deps.send(pending);
      resumed();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        // Not stored (client_id makes a stored one answer 2xx): it waits, first in line.
        deps.mark(clientId, 'waiting', null);
        pause(tooFastUntil(error, now()));
        return false;
      }
      if (error instanceof ApiError && RETRYABLE_STATUSES.has(error.status)) {
        deps.mark(clientId, 'queued', null);
        retryLater();
        return false;
      }
      deps.mark(clientId, 'failed', error instanceof Error ? error.message : String(error));
      return true;
    }
  };

  const drain = async () => {
    while (deps.isConnected()) {
      if (pausedUntil > now()) {
        // Typed during the pause: it waits with the rest.
        markWaiting();
        return;
      }
      const next = nextQueued();
      if (next === undefined || !(await sendOne(next))) return;
    }
  };

  const flush = (): Promise<void> => {
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
    flush,
    enqueue: (clientId) => {
      order.push(clientId);
      void flush();
    },
    retry: (clientId) => {
      if (deps.find(clientId)?.state !== 'failed') return;
      deps.mark(clientId, 'queued', null);
      void flush();
    },
  };
}
