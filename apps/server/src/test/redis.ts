import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './databases';

let redisAnswers: Promise<boolean> | null = null;

/** Whether the test Redis answers; on CI a silent Redis fails the suite instead of skipping. */
export function redisAvailable(): Promise<boolean> {
  redisAnswers ??= (async () => {
    const redis = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
    });
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      redis.disconnect();
    }
  })().then((ok) => {
    if (!ok && process.env.CI === 'true')
      throw new Error(`Redis does not answer at ${TEST_REDIS_URL} (required on CI)`);
    if (!ok) console.warn(`SKIP redis: Redis does not answer at ${TEST_REDIS_URL}`);
    return ok;
  });
  return redisAnswers;
}
