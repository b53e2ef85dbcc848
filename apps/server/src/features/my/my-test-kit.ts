import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AttachmentRow } from '../../db/schema';
import { nowIso } from '../../lib/clock';

/**
 * A complete upload of `userId` as the pipeline leaves it (a re-encoded PNG under files/),
 * made directly so that profile tests do not wait for the job queue.
 */
export async function completeUpload(
  app: FastifyInstance,
  userId: number,
  options: { width?: number; height?: number; purpose?: string; adult?: number } = {},
): Promise<AttachmentRow> {
  const width = options.width ?? 400;
  const height = options.height ?? 300;
  const image = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .png()
    .toBuffer();
  const key = `files/${randomBytes(12).toString('hex')}.png`;
  await app.deps.storage.put(key, image, { contentType: 'image/png', size: image.length });
  const at = nowIso();
  return app.deps.database.db
    .insertInto('attachments')
    .values({
      user_id: userId,
      purpose: options.purpose ?? 'photo',
      status: 'complete',
      mime: 'image/png',
      width,
      height,
      size: image.length,
      adult: options.adult ?? 0,
      adult_marked: 0,
      original_key: null,
      file_key: key,
      thumb_key: null,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
