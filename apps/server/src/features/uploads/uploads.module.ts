import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_SIDE, THUMB_MAX_SIDE } from '@chat/shared';
import { featureModule } from '../../platform/feature-module';
import { NsfwClassifier } from './adult/adult-classifier';
import { AttachmentProcessor } from './attachment-processor';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';
import { filesRoutes } from './files.routes';
import { PIXEL_BUDGET } from './image-processor';
import { uploadsRealtime } from './uploads.realtime';
import { uploadsRoutes } from './uploads.routes';
import { UploadsService } from './uploads.service';

/**
 * Files and uploads: POST /api/upload, the processing job, /storage/*, and the attachments
 * door the features that store pictures go through (their kinds: `ctx.attachmentKind`).
 */
export const uploadsModule = featureModule({
  name: 'uploads',
  register(ctx) {
    const { config, database, events, rateLimits, log, storage, units } = ctx.platform;
    const repo = new AttachmentsRepository(database.db);
    const classifier = config.uploads.adultClassifier ? new NsfwClassifier(log) : null;
    const limits = {
      ...PIXEL_BUDGET,
      maxSide: IMAGE_MAX_SIDE,
      thumbSide: THUMB_MAX_SIDE,
    };
    ctx.jobs.register(
      'attachment.process',
      new AttachmentProcessor(repo, storage, events, classifier, limits, log),
    );
    const tmpDir = join(config.dataDir, 'tmp', `uploads-${randomBytes(4).toString('hex')}`);
    ctx.provide({
      attachments: new AttachmentsService(repo),
      uploads: new UploadsService(repo, storage, units, rateLimits, {
        maxBytes: config.uploads.maxBytes,
        budget: PIXEL_BUDGET,
        perMinute: config.uploads.perMinute,
        tmpDir,
      }),
    });
    // The job workers have stopped by now: no processing is left to use the classifier.
    ctx.onStop(async () => {
      await classifier?.close();
      await rm(tmpDir, { recursive: true, force: true });
    });
    ctx.realtime(uploadsRealtime);
    ctx.routes(uploadsRoutes, filesRoutes);
  },
});
