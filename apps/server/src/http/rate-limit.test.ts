import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL } from '../test/databases';
import { redisAvailable } from '../test/redis';
import { AppError } from './app-error';
import { RateLimits } from './rate-limit';

const stores = (await redisAvailable()) ? (['memory', 'redis'] as const) : (['memory'] as const);
const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

describe.each(stores)('rate limits in %s', (store) => {
  const make = () => {
    if (store === 'memory') return new RateLimits(null);
    const redis = new Redis(TEST_REDIS_URL);
    clients.push(redis);
    return new RateLimits(redis);
  };

  it('lets `points` hits through in a window, then answers 429 with unix reset time', async () => {
    const limits = make();
    const rule = {
      name: `t${Math.random().toString(36).slice(2)}`,
      points: 3,
      durationSeconds: 30,
    };
    for (let i = 0; i < 3; i++) await limits.hit(rule, 'k');
    const error = await limits.hit(rule, 'k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const headers = (error as AppError).options.headers ?? {};
    expect(headers['X-RateLimit-Remaining']).toBe('0');
    const reset = Number(headers['X-RateLimit-Reset']);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 30);
    // Another key has its own window; a reset opens this one again.
    await limits.hit(rule, 'other');
    await limits.reset(rule, 'k');
    await limits.hit(rule, 'k');
  });

  it('shares one window between two nodes on Redis', async () => {
    if (store === 'memory') return;
    const rule = {
      name: `shared${Math.random().toString(36).slice(2)}`,
      points: 2,
      durationSeconds: 30,
    };
    const a = make();
    const b = make();
    await a.hit(rule, 'k');
    await b.hit(rule, 'k');
    await expect(a.hit(rule, 'k')).rejects.toBeInstanceOf(AppError);
  });
});
