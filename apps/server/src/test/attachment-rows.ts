import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/clock';
import { clientId } from './chat-fixtures';

/**
 * A picture as the upload pipeline leaves it (complete, not 18+), straight in the database;
 * `purpose` what it was uploaded for (`message`: sent in a private message).
 */
export async function completeAttachment(
  app: FastifyInstance,
  userId: number,
  purpose = 'attachment',
): Promise<number> {
  const at = nowIso();
  const row = await app.deps.database.db
    .insertInto('attachments')
    .values({
      user_id: userId,
      purpose,
      status: 'complete',
      mime: 'image/png',
      width: 40,
      height: 30,
      size: 1234,
      adult: 0,
      adult_marked: 0,
      original_key: null,
      file_key: `files/${clientId()}.png`,
      thumb_key: `thumbs/${clientId()}.webp`,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The links of an attachment: what it was attached to. */
export function linksOf(app: FastifyInstance, attachmentId: number) {
  return app.deps.database.db
    .selectFrom('attachment_links')
    .select(['kind', 'ref_id'])
    .where('attachment_id', '=', attachmentId)
    .execute();
}
