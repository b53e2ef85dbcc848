import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createOutboxQueue, tooFastUntil, type OutboxState } from './outbox-queue';

interface Item {
  client_id: string;
  state: OutboxState;
  error: string | null;
}

const START = Date.UTC(2025, 0, 1, 12, 0, 0);

function tooFast(resetUnixSeconds: number): ApiError {
  const headers = new Headers({ 'x-ratelimit-reset': String(resetUnixSeconds) });
  return new ApiError(
    429,
    'Too fast',
    'too_many_requests',
    {},
    {
      status: 429,
      envelope: null,
      headers,
    },
  );
}

/**
 * A server that takes `limit` messages per window of `windowMs` (fixed, from the first) and
 * stores each client_id once: what the chat's post does.
 */
function fakeServer(limit: number, windowMs: number) {
  const stored: string[] = [];
  let windowStart = -Infinity;
  let used = 0;
  return {
    stored,
    post(clientId: string): void {
      if (stored.includes(clientId)) return;
      const now = Date.now();
      if (now >= windowStart + windowMs) {
        windowStart = now;
        used = 0;
      }
      used += 1;
      if (used > limit) throw tooFast(Math.ceil((windowStart + windowMs) / 1000));
      stored.push(clientId);
    },
  };
}

function harness(post: (clientId: string) => void) {
  const items = new Map<string, Item>();
  const pauses: (number | null)[] = [];
  const queue = createOutboxQueue<Item>({
    find: (id) => items.get(id),
    mark: (id, state, error) => {
      const item = items.get(id);
      if (item) items.set(id, { ...item, state, error });
    },
    send: async (item) => {
      // An answer takes a moment, as it does over the network.
      await Promise.resolve();
      post(item.client_id);
      items.delete(item.client_id);
    },
    isConnected: () => true,
    later: (run, ms) => {
      setTimeout(run, ms);
    },
    now: () => Date.now(),
    onPause: (until) => pauses.push(until),
  });
  const type = (id: string) => {
    items.set(id, { client_id: id, state: 'queued', error: null });
    queue.enqueue(id);
  };
  const states = () => [...items.values()].map((i) => i.state);
  return { items, pauses, queue, type, states };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('outbox queue and "too fast"', () => {
  it('pauses at the first 429, shows the rest waiting, and sends them in order once each at the reset', async () => {
    const server = fakeServer(10, 10_000);
    const h = harness((id) => server.post(id));
    const ids = Array.from({ length: 15 }, (_, i) => `m${String(i + 1).padStart(2, '0')}`);
    for (const id of ids) h.type(id);
    await vi.advanceTimersByTimeAsync(0);

    expect(server.stored).toEqual(ids.slice(0, 10));
    expect(h.states()).toEqual(Array(5).fill('waiting'));
    // One pause, ending at the window's reset: one notice, not one per refused message.
    expect(h.pauses).toEqual([START + 10_000]);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(server.stored).toHaveLength(10);

    await vi.advanceTimersByTimeAsync(1);
    expect(server.stored).toEqual(ids);
    expect(h.items.size).toBe(0);
    expect(h.pauses).toEqual([START + 10_000, null]);
  });

  it('keeps a message typed during the pause waiting behind the others', async () => {
    const server = fakeServer(1, 5_000);
    const h = harness((id) => server.post(id));
    h.type('a');
    h.type('b');
    await vi.advanceTimersByTimeAsync(0);
    h.type('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.states()).toEqual(['waiting', 'waiting']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.stored).toEqual(['a', 'b']);
    // The next window takes one more; c waits for it.
    expect(h.states()).toEqual(['waiting']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.stored).toEqual(['a', 'b', 'c']);
  });

  it('still fails a real refusal (a gag), which waits for the retry button', async () => {
    const h = harness(() => {
      throw new ApiError(403, 'Gagged', 'gagged');
    });
    h.type('a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect([...h.items.values()]).toEqual([{ client_id: 'a', state: 'failed', error: 'Gagged' }]);
    expect(h.pauses).toEqual([]);
  });

  it('reads the reset from X-RateLimit-Reset, else Retry-After, else waits 5 seconds', () => {
    const now = START;
    expect(tooFastUntil(tooFast(now / 1000 + 7), now)).toBe(now + 7_000);
    const retryAfter = new ApiError(
      429,
      'x',
      null,
      {},
      {
        status: 429,
        envelope: null,
        headers: new Headers({ 'retry-after': '3' }),
      },
    );
    expect(tooFastUntil(retryAfter, now)).toBe(now + 3_000);
    expect(tooFastUntil(new ApiError(429, 'x'), now)).toBe(now + 5_000);
    // A reset already past (clocks differ) still waits a second rather than hammering.
    expect(tooFastUntil(tooFast(now / 1000 - 30), now)).toBe(now + 1_000);
  });
});
