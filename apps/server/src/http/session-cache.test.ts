import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionRow, UserRow } from '../db/schema';
import type { SessionsRepository } from '../features/auth/sessions.repository';
import { InvalidationBus, RedisChannel } from '../lib/cache/invalidation-bus';
import { TEST_REDIS_URL } from '../test/databases';
import { redisAvailable } from '../test/redis';
import { SessionCache } from './session-cache';

const redisUp = await redisAvailable();

const silent = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

/** A sessions table of one row that the test can sign out; counts the reads. */
function fakeSessions() {
  const state = {
    signedIn: true,
    reads: 0,
  };
  const row = {
    session: { id: 1, user_id: 7, last_active_at: new Date().toISOString() } as SessionRow,
    user: { id: 7, role: 'user' } as UserRow,
  };
  const repo = {
    onRemoved: () => {},
    findWithUser: async () => {
      state.reads += 1;
      return state.signedIn ? row : null;
    },
  } as unknown as SessionsRepository;
  return { state, repo };
}

describe('SessionCache', () => {
  afterEach(() => vi.useRealTimers());

  it('a touch does not extend the time-to-live backstop', async () => {
    vi.useFakeTimers();
    const { state, repo } = fakeSessions();
    const cache = new SessionCache(repo, new InvalidationBus());
    await cache.find('t');
    // Touched every minute (http/session.ts), the entry must still expire on time: the TTL is
    // what bounds a missed invalidation.
    for (let minute = 1; minute <= 6; minute++) {
      vi.advanceTimersByTime(60_000);
      cache.touched('t', new Date().toISOString());
    }
    state.signedIn = false;
    expect(await cache.find('t')).toBeNull();
  });
});

describe.runIf(redisUp)('SessionCache across nodes while Redis is unreachable', () => {
  const connections: Redis[] = [];
  const buses: InvalidationBus[] = [];
  const channel = `cache:test-${randomBytes(4).toString('hex')}:invalidate`;

  afterEach(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    connections.forEach((redis) => redis.disconnect());
    buses.length = 0;
    connections.length = 0;
  });

  const node = async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    connections.push(redis);
    const remote = new RedisChannel(redis, channel, silent);
    await remote.start();
    const bus = new InvalidationBus(remote);
    buses.push(bus);
    return { remote, bus };
  };

  /** Cuts the node's subscription as a network failure would; ioredis reconnects by itself. */
  const dropSubscription = async (remote: RedisChannel) => {
    const subscriber = (remote as unknown as { subscriber: Redis }).subscriber;
    const closed = new Promise((resolve) => subscriber.once('close', resolve));
    (subscriber as unknown as { stream: { destroy(): void } }).stream.destroy();
    await closed;
    return subscriber;
  };

  it('does not answer from memory while it cannot hear invalidations', async () => {
    const a = await node();
    const b = await node();
    const { state, repo } = fakeSessions();
    const onB = new SessionCache(repo, b.bus);
    expect(await onB.find('t')).not.toBeNull(); // cached on B

    await dropSubscription(b.remote);
    // Node A signs the session out meanwhile; B's subscription misses the message.
    state.signedIn = false;
    await a.bus.publish('session', 1);
    expect(await onB.find('t')).toBeNull();
  });

  it('answers from memory again once subscribed again, forgetting what it may have missed', async () => {
    const b = await node();
    const { state, repo } = fakeSessions();
    const onB = new SessionCache(repo, b.bus);
    await onB.find('t');
    const subscriber = await dropSubscription(b.remote);
    await new Promise((resolve) => subscriber.once('ready', resolve));
    await vi.waitFor(() => expect(b.bus.live).toBe(true), { timeout: 2000, interval: 5 });
    state.signedIn = false;
    expect(await onB.find('t')).toBeNull(); // cleared on return, read again
    state.signedIn = true;
    await onB.find('t');
    const reads = state.reads;
    await onB.find('t');
    expect(state.reads).toBe(reads); // cached again
  });
});
