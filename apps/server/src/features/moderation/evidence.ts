import type { Attachment, Evidence } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { parseJsonList } from '../../lib/json-list';
import { presentAttachment } from '../uploads/attachments.presenter';
import { presentPublicUser } from '../users/user.presenter';

/**
 * Snapshots of reported or sanctioned content, taken when a complaint is filed or a sanction is
 * given and stored as JSON beside it: the evidence stays as it was even when the content is
 * deleted for everyone or edited later. Each answers null when the thing does not exist.
 * Callers check who may see the thing; these only read it.
 */

async function userRow(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

const empty = {
  author: null,
  text: null,
  attachments: [] as Attachment[],
  room_id: null,
  channel_id: null,
  created_at: null,
};

/** A room message with its author and attachments as the chat shows them. */
export async function snapshotMessage(db: Kysely<DB>, messageId: number): Promise<Evidence | null> {
  const message = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!message) return null;
  const author = await userRow(db, message.user_id);
  return {
    ...empty,
    kind: 'message',
    id: message.id,
    author: author ? presentPublicUser(author) : null,
    text: message.text,
    attachments: parseJsonList<Attachment>(message.attachments),
    room_id: message.room_id,
    created_at: message.created_at,
  };
}

/** A private message (the parties' channel id included, for the staff's context). */
export async function snapshotImMessage(db: Kysely<DB>, id: number): Promise<Evidence | null> {
  const message = await db
    .selectFrom('im_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!message) return null;
  const author = await userRow(db, message.user_id);
  return {
    ...empty,
    kind: 'im_message',
    id: message.id,
    author: author ? presentPublicUser(author) : null,
    text: message.text,
    attachments: parseJsonList<Attachment>(message.attachments),
    channel_id: message.channel_id,
    created_at: message.created_at,
  };
}

/**
 * A person: nick and avatar in `author`, the "about" text in `text` unless it was refused (then
 * only its owner and the staff may read it, and reporters read evidence).
 */
export async function snapshotUser(db: Kysely<DB>, userId: number): Promise<Evidence | null> {
  const user = await userRow(db, userId);
  if (!user) return null;
  return {
    ...empty,
    kind: 'user',
    id: user.id,
    author: presentPublicUser(user),
    text: user.about_status === 'refused' ? null : (user.about ?? null),
    created_at: user.created_at,
  };
}

/** A profile photo: its owner and the picture. */
export async function snapshotPhoto(db: Kysely<DB>, photoId: number): Promise<Evidence | null> {
  const photo = await db
    .selectFrom('profile_photos')
    .selectAll()
    .where('id', '=', photoId)
    .executeTakeFirst();
  if (!photo) return null;
  const [owner, attachment] = await Promise.all([
    userRow(db, photo.user_id),
    db
      .selectFrom('attachments')
      .selectAll()
      .where('id', '=', photo.attachment_id)
      .executeTakeFirst(),
  ]);
  return {
    ...empty,
    kind: 'photo',
    id: photo.id,
    author: owner ? presentPublicUser(owner) : null,
    attachments: attachment ? [presentAttachment(attachment)] : [],
    created_at: photo.created_at,
  };
}

/** Stored evidence read back; anything unreadable reads as none. */
export function parseEvidence(json: string | null): Evidence | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as Evidence;
  } catch {
    return null;
  }
}
