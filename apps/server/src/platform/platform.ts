import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { UnitOfWork } from '../db/unit-of-work';
import { DomainEvents } from '../events/domain-events';
import { JobQueue, type JobPayloads } from '../features/jobs/job-queue';
import { JobsRepository } from '../features/jobs/jobs.repository';
import { nodeIdOf } from '../features/jobs/node-id';
import { RateLimits } from '../http/rate-limit';
import { InvalidationBus, RedisChannel } from '../lib/cache/invalidation-bus';
import { createStorage } from '../lib/storage/create-storage';
import type { FileStorage } from '../lib/storage/file-storage';

/**
 * What the site runs on, built before any feature: every module gets it in `ctx.platform`.
 * The socket server is not in it: it starts once the modules have declared their channels
 * (`ctx.channel`), and modules reach it when called (`ctx.later('realtime')`).
 */
export interface Platform {
  config: Config;
  database: Database;
  redis: Redis | null;
  log: FastifyBaseLogger;
  /** The build's id, sent with every answer. */
  buildKey: string;
  events: DomainEvents;
  rateLimits: RateLimits;
  /** Drops in-memory cache entries on every node (Redis pub/sub when there is Redis). */
  cacheBus: InvalidationBus;
  /** The job queue in the database; kinds are registered by modules (`ctx.jobs`). */
  jobs: JobQueue;
  /** Writes that commit whole with their events and jobs (db/unit-of-work.ts). */
  units: UnitOfWork<JobPayloads>;
  storage: FileStorage;
}

export interface PlatformParts {
  config: Config;
  database: Database;
  redis: Redis | null;
  log: FastifyBaseLogger;
  buildKey: string;
}

export async function createPlatform(parts: PlatformParts): Promise<Platform> {
  const { config, database, redis, log } = parts;
  const events = new DomainEvents(log);
  // The caches of the post path are dropped on every node by the events that change them.
  const cacheChannel = redis
    ? new RedisChannel(redis, `cache:${config.secrets.pusherAppId}:invalidate`, log)
    : null;
  await cacheChannel?.start();
  const jobs = new JobQueue(new JobsRepository(database.db, database.dialect), log, {
    nodeId: nodeIdOf(config.dataDir),
    concurrency: config.jobConcurrency,
  });
  return {
    ...parts,
    events,
    rateLimits: new RateLimits(redis),
    cacheBus: new InvalidationBus(cacheChannel),
    jobs,
    units: new UnitOfWork({ db: database.db, events, jobs, log }),
    storage: createStorage(config),
  };
}
