import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentError } from '@chat/shared';
import type { AttachmentRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import type { FileStorage } from '../../lib/storage/file-storage';
import { nowIso } from '../../lib/clock';
import type { JobHandler } from '../jobs/job-queue';
import type { AdultClassifier } from './adult/adult-classifier';
import { isAdult } from './adult/adult-rule';
import { presentAttachment } from './attachments.presenter';
import type { AttachmentsRepository } from './attachments.repository';
import {
  classifierPixels,
  EXTENSION,
  framesToClassify,
  ImageRefused,
  processImage,
  type ImageLimits,
  type Rendition,
} from './image-processor';

/**
 * Frames of an animation the classifier looks at, taken from the thumbnail: each costs one
 * small decode and one frame of the model's batch, whatever the animation's size.
 */
export const CLASSIFIED_FRAMES = 4;

declare module '../jobs/job-queue' {
  interface JobPayloads {
    'attachment.process': { attachmentId: number };
  }
}

/**
 * The `attachment.process` job: any node takes the original from storage, re-encodes it,
 * asks the adult classifier, stores the picture and its thumbnail under fresh random names,
 * deletes the original and tells the uploader (`attachment.ready` → AttachmentReady).
 */
export class AttachmentProcessor implements JobHandler<'attachment.process'> {
  constructor(
    private readonly repo: AttachmentsRepository,
    private readonly storage: FileStorage,
    private readonly events: DomainEvents,
    private readonly classifier: AdultClassifier | null,
    private readonly limits: ImageLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run({ attachmentId }: { attachmentId: number }): Promise<void> {
    const row = await this.repo.find(attachmentId);
    if (!row || row.status !== 'in-process') return;
    const original = row.original_key ? await this.storage.open(row.original_key) : null;
    if (!original) return this.refuse(row, 'failed');
    const input = await collect(original.stream);

    let renditions;
    try {
      renditions = await processImage(input, this.limits);
    } catch (error) {
      if (error instanceof ImageRefused) return this.refuse(row, error.reason);
      throw error;
    }
    // The classifier looks at the thumbnail: already upright, small and in memory, so it costs
    // no second decode of the original. It runs while the renditions are being stored.
    const [adult, fileKey, thumbKey] = await Promise.all([
      row.adult_marked === 1
        ? true
        : this.classify(renditions.thumb.data, renditions.pages, row.id),
      this.store(renditions.main),
      this.store(renditions.thumb),
    ]);
    const done = await this.repo.finish(row.id, {
      status: 'complete',
      mime: renditions.main.mime,
      width: renditions.main.width,
      height: renditions.main.height,
      size: renditions.main.data.length,
      adult: adult ? 1 : 0,
      original_key: null,
      file_key: fileKey,
      thumb_key: thumbKey,
      updated_at: nowIso(),
    });
    if (!done) {
      // Another run finished it first (a retried job): keep theirs, drop ours.
      await Promise.all([this.storage.delete(fileKey), this.storage.delete(thumbKey)]);
      return;
    }
    await this.storage.delete(row.original_key!);
    this.events.emit('attachment.ready', {
      userId: done.user_id,
      attachment: presentAttachment(done),
    });
  }

  /** After the last attempt failed: the upload ends as `error`, never stuck `in-process`. */
  async onFailed({ attachmentId }: { attachmentId: number }): Promise<void> {
    const row = await this.repo.find(attachmentId);
    if (row?.status === 'in-process') await this.refuse(row, 'failed');
  }

  private async refuse(row: AttachmentRow, reason: AttachmentError): Promise<void> {
    const done = await this.repo.finish(row.id, {
      status: 'error',
      error: reason,
      original_key: null,
      updated_at: nowIso(),
    });
    if (row.original_key) await this.storage.delete(row.original_key);
    if (done)
      this.events.emit('attachment.ready', {
        userId: done.user_id,
        attachment: presentAttachment(done),
      });
  }

  /**
   * Whether the picture is 18+: any of its classified frames is (an animation is judged by
   * several, spread over it). A picture the classifier could not judge (a failed decode, a dead
   * or timed-out worker) counts as 18+: it is kept, and goes to private messages under the 18+
   * cover, but not to the public rooms, which an unjudged picture must not reach by breaking
   * the model. With the classifier turned off (ADULT_CLASSIFIER=off) only the sender's mark
   * counts: that is the site's choice, not a failure.
   */
  private async classify(thumbnail: Buffer, pages: number, id: number): Promise<boolean> {
    if (!this.classifier) return false;
    try {
      const frames: Uint8Array[] = [];
      for (const page of framesToClassify(pages, CLASSIFIED_FRAMES))
        frames.push(await classifierPixels(thumbnail, this.limits.maxPixels, page));
      // The frames run through the model as one batch.
      return (await this.classifier.classify(frames)).some(isAdult);
    } catch (error) {
      this.log.error(
        { err: error, attachment: id },
        'adult classifier failed; picture held out of public rooms',
      );
      return true;
    }
  }

  private async store(rendition: Rendition): Promise<string> {
    const key = `files/${randomBytes(16).toString('base64url')}.${EXTENSION[rendition.mime]}`;
    await this.storage.put(key, rendition.data, { contentType: rendition.mime });
    return key;
  }
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
