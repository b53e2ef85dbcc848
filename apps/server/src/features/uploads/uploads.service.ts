import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PREMIUM_UPLOAD_MAX_BYTES, uploadFields, type Attachment } from '@chat/shared';
import type { Multipart } from '@fastify/multipart';
import type { UserRow } from '../../db/schema';
import { AppError, invalid, notFound } from '../../http/app-error';
import type { MessageKey } from '../../http/messages';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import type { FileStorage } from '../../lib/storage/file-storage';
import { nowIso } from '../../lib/clock';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { JobPayloads } from '../jobs/job-queue';
import { presentAttachment } from './attachments.presenter';
import type { AttachmentsRepository } from './attachments.repository';
import { ImageRefused, inspectImage, type ImageRefusal, type PixelBudget } from './image-processor';
import { sniffImageType } from './sniff';
import { hasPermission } from '../users/user.presenter';
import { isRegistered } from '../../access/permissions';
import { numberSetting } from '../admin/settings/live-settings';

export interface UploadsOptions {
  maxBytes: number;
  budget: PixelBudget;
  /** Uploads a minute per account, and per address for all guests behind it together. */
  perMinute: number;
  /** Where a file waits while it is checked, before it goes to storage. */
  tmpDir: string;
}

const tooLarge = () => new AppError('too_large');

/**
 * POST /api/upload: the file part is streamed to a temporary file with the byte limit counted
 * as it arrives, checked (first bytes, then the header through sharp, nothing decoded), put in
 * storage under a private key, and handed to the `attachment.process` job.
 */
export class UploadsService {
  private readonly rule: RateLimitRule;
  private readonly guestRule: RateLimitRule;

  constructor(
    private readonly repo: AttachmentsRepository,
    private readonly storage: FileStorage,
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly rateLimits: RateLimits,
    private readonly options: UploadsOptions,
  ) {
    this.rule = { name: 'uploads', points: options.perMinute, durationSeconds: 60 };
    this.guestRule = { name: 'uploads.guests', points: options.perMinute, durationSeconds: 60 };
  }

  /**
   * The byte limit of this caller's uploads: premium (`uploads.large`) raises it, never lowers
   * it below the site's. The route gives it to the multipart reader, and `write` counts to it.
   */
  maxBytesFor(user: UserRow): number {
    const site = numberSetting('upload_max_bytes', this.options.maxBytes);
    return hasPermission(user, 'uploads.large') ? Math.max(PREMIUM_UPLOAD_MAX_BYTES, site) : site;
  }

  /**
   * `address` is the caller's IP. A guest account costs nothing to make, so the guests behind
   * one address share one account's upload limit and one place in the processing queue.
   */
  async receive(
    user: UserRow,
    parts: AsyncIterable<Multipart>,
    address: string,
  ): Promise<Attachment> {
    const guest = !isRegistered(user);
    await this.rateLimits.hit(this.rule, String(user.id));
    if (guest) await this.rateLimits.hit(this.guestRule, address);
    await mkdir(this.options.tmpDir, { recursive: true });
    const temp = join(this.options.tmpDir, randomBytes(12).toString('hex'));
    try {
      const { fields, size } = await this.spool(parts, temp, this.maxBytesFor(user));
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) throw invalid({ [fieldOf(parsed.error.issues)]: ['invalid_value'] });
      const mime = await this.check(temp);
      const originalKey = `originals/${randomBytes(16).toString('base64url')}`;
      await this.storage.put(originalKey, createReadStream(temp), {
        contentType: 'application/octet-stream',
        size,
      });
      const now = nowIso();
      // The processing job commits with the row: no upload waits `in-process` for ever.
      const row = await this.units.run(async (tx) => {
        const inserted = await this.repo.insert(
          {
            user_id: user.id,
            purpose: parsed.data.purpose,
            status: 'in-process',
            mime,
            width: null,
            height: null,
            size: null,
            adult: parsed.data.adult ? 1 : 0,
            adult_marked: parsed.data.adult ? 1 : 0,
            original_key: originalKey,
            file_key: null,
            thumb_key: null,
            error: null,
            created_at: now,
            updated_at: now,
          },
          tx.db,
        );
        // Processing is shared fairly by owner (jobs.repository.ts), so one account's backlog
        // does not hold up another's pictures.
        await tx.enqueue(
          'attachment.process',
          { attachmentId: inserted.id },
          {
            dedupeKey: `attachment.process:${inserted.id}`,
            owner: guest ? `guests@${address}` : `user:${user.id}`,
          },
        );
        return inserted;
      });
      return presentAttachment(row);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Reads every part: the fields, and the one `file` written to `temp` within the limit. */
  private async spool(
    parts: AsyncIterable<Multipart>,
    temp: string,
    max: number,
  ): Promise<{ fields: Record<string, string>; size: number }> {
    const fields: Record<string, string> = {};
    let size: number | null = null;
    try {
      for await (const part of parts) {
        // A form naming another method (method override) is that method or nothing, and this
        // URL has no other: never the upload.
        if (part.fieldname === '_method') throw notFound();
        if (part.type === 'field') {
          if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname))
            fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || size !== null) {
          part.file.resume();
          throw invalid({ file: ['file.one'] });
        }
        size = await this.write(part.file, temp, max);
      }
    } catch (error) {
      throw mapMultipartError(error);
    }
    if (size === null || size === 0) throw invalid({ file: ['file.required'] });
    return { fields, size };
  }

  private async write(
    file: Readable & { truncated?: boolean },
    temp: string,
    max: number,
  ): Promise<number> {
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > max) done(tooLarge());
        else done(null, chunk);
      },
    });
    // busboy stops passing a file's bytes at its limit but goes on reading the request to the
    // part's end (for a 2 GB body, all of it); failing at the 'limit' event ends it now, and
    // the route then closes the connection instead of draining the rest.
    // The limit may already have been reached while this part waited to be read.
    if (file.truncated) throw tooLarge();
    const onLimit = () => counter.destroy(tooLarge());
    file.once('limit', onLimit);
    try {
      await pipeline(file, counter, createWriteStream(temp));
    } finally {
      file.off('limit', onLimit);
    }
    if (file.truncated) throw tooLarge();
    return size;
  }

  /** The type by the first bytes and the header; 422 for anything that is not a real image. */
  private async check(temp: string): Promise<string> {
    const handle = await open(temp, 'r');
    const head = Buffer.alloc(16);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    const sniffed = sniffImageType(head);
    if (!sniffed) throw invalid({ file: ['file.invalid'] });
    try {
      const info = await inspectImage(temp, this.options.budget);
      if (info.mime !== sniffed) throw new ImageRefused('unsupported_type');
      return info.mime;
    } catch (error) {
      if (error instanceof ImageRefused) throw invalid({ file: [REFUSAL_TEXT[error.reason]] });
      throw error;
    }
  }
}

/** The message of each refusal at upload time (http/messages.ts). */
const REFUSAL_TEXT = {
  too_many_pixels: 'file.too_many_pixels',
  too_many_frames: 'file.too_many_frames',
  unsupported_type: 'file.invalid',
  broken: 'file.invalid',
} as const satisfies Record<ImageRefusal, MessageKey>;

function fieldOf(issues: { path: PropertyKey[] }[]): string {
  return String(issues[0]?.path[0] ?? 'body');
}

/** @fastify/multipart's errors by code: too large stays 413, the rest name the form's fault. */
function mapMultipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return invalid({ file: ['file.one'] });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return invalid({ body: ['malformed_body'] });
  return error;
}
