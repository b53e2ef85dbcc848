import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, THUMB_MAX_SIDE } from '@chat/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { UnitOfWork } from '../../db/unit-of-work';
import type { DomainEvents } from '../../events/domain-events';
import type { RateLimits } from '../../http/rate-limit';
import { createStorage } from '../../lib/storage/create-storage';
import type { FileStorage } from '../../lib/storage/file-storage';
import { JobQueue, type JobPayloads } from '../jobs/job-queue';
import { JobsRepository } from '../jobs/jobs.repository';
import { nodeIdOf } from '../jobs/node-id';
import { NsfwClassifier } from './adult/adult-classifier';
import { AttachmentProcessor } from './attachment-processor';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';
import { UploadsService } from './uploads.service';

export interface UploadsModule {
  jobs: JobQueue;
  /** Writes that commit whole with their events and jobs (db/unit-of-work.ts), on this queue. */
  units: UnitOfWork<JobPayloads>;
  storage: FileStorage;
  attachments: AttachmentsService;
  uploads: UploadsService;
  /** Starts the job workers (after every feature has registered its kinds). */
  start(): Promise<void>;
  /** Stops the workers, waiting for running jobs, then the classifier. */
  stop(): Promise<void>;
}

/** The job queue, storage and upload pipeline, built once for buildApp. */
export function createUploadsModule(
  config: Config,
  database: Database,
  events: DomainEvents,
  rateLimits: RateLimits,
  log: FastifyBaseLogger,
): UploadsModule {
  const jobs = new JobQueue(new JobsRepository(database.db, database.dialect), log, {
    nodeId: nodeIdOf(config.dataDir),
    concurrency: config.jobConcurrency,
  });
  const units = new UnitOfWork({ db: database.db, events, jobs, log });
  const storage = createStorage(config);
  const repo = new AttachmentsRepository(database.db);
  const classifier = config.uploads.adultClassifier ? new NsfwClassifier(log) : null;
  const limits = {
    maxPixels: IMAGE_MAX_PIXELS,
    maxSide: IMAGE_MAX_SIDE,
    thumbSide: THUMB_MAX_SIDE,
  };
  jobs.register(
    'attachment.process',
    new AttachmentProcessor(repo, storage, events, classifier, limits, log),
  );
  const tmpDir = join(config.dataDir, 'tmp', `uploads-${randomBytes(4).toString('hex')}`);
  return {
    jobs,
    units,
    storage,
    attachments: new AttachmentsService(repo),
    uploads: new UploadsService(repo, storage, units, rateLimits, {
      maxBytes: config.uploads.maxBytes,
      maxPixels: limits.maxPixels,
      perMinute: config.uploads.perMinute,
      tmpDir,
    }),
    start: () => jobs.start(),
    stop: async () => {
      await jobs.stop();
      await classifier?.close();
      await rm(tmpDir, { recursive: true, force: true });
    },
  };
}
