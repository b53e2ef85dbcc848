import type { Attachment, Evidence } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { parseJsonList } from '../../lib/json-list';
import { coveredIn, presentAttachment } from '../uploads/attachments.presenter';
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
 * A person: nick and avatar in `author`, and the "about" text in `text` as it is, hidden or not:
 * staff keep the full evidence; the reporter's view leaves out what they could not see
 * (`withheld`, decided by complaint-targets.ts).
 */
export async function snapshotUser(db: Kysely<DB>, userId: number): Promise<Evidence | null> {
  const user = await userRow(db, userId);
  if (!user) return null;
  return {
    ...empty,
    kind: 'user',
    id: user.id,
    author: presentPublicUser(user),
    text: user.about ?? null,
    created_at: user.created_at,
  };
}

/** A received gift: its sender (even when anonymous: staff see it) and its text. */
export async function snapshotGift(db: Kysely<DB>, giftId: number): Promise<Evidence | null> {
  const gift = await db
    .selectFrom('user_gifts')
    .selectAll()
    .where('id', '=', giftId)
    .executeTakeFirst();
  if (!gift) return null;
  const sender = await userRow(db, gift.sender_id);
  return {
    ...empty,
    kind: 'gift',
    id: gift.id,
    author: sender ? presentPublicUser(sender) : null,
    text: gift.text,
    created_at: gift.created_at,
  };
}

/** A forum post as written (its Markdown), its pictures and its thread. */
export async function snapshotForumPost(db: Kysely<DB>, postId: number): Promise<Evidence | null> {
  const post = await db
    .selectFrom('forum_posts')
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .selectAll('forum_posts')
    .select(['forum_threads.slug as thread_slug', 'forum_threads.subject as thread_subject'])
    .where('forum_posts.id', '=', postId)
    .executeTakeFirst();
  if (!post) return null;
  const [author, attachments] = await Promise.all([
    post.author_id === null ? undefined : userRow(db, post.author_id),
    db
      .selectFrom('attachment_links')
      .innerJoin('attachments', 'attachments.id', 'attachment_links.attachment_id')
      .selectAll('attachments')
      .where('attachment_links.kind', '=', 'forum_post')
      .where('attachment_links.ref_id', '=', post.id)
      .orderBy('attachments.id')
      .execute(),
  ]);
  return {
    ...empty,
    kind: 'forum_post',
    id: post.id,
    author: author ? presentPublicUser(author) : null,
    text: post.text,
    attachments: attachments.map(presentAttachment),
    created_at: post.created_at,
    thread: { id: post.thread_id, slug: post.thread_slug, subject: post.thread_subject },
  };
}

/** An art post: its author, title and text, its pictures in order, the post to link to. */
export async function snapshotArtPost(db: Kysely<DB>, postId: number): Promise<Evidence | null> {
  const post = await db
    .selectFrom('art_posts')
    .selectAll()
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) return null;
  const [author, attachments] = await Promise.all([
    post.author_id === null ? undefined : userRow(db, post.author_id),
    db
      .selectFrom('art_post_pictures')
      .innerJoin('attachments', 'attachments.id', 'art_post_pictures.attachment_id')
      .selectAll('attachments')
      .where('art_post_pictures.post_id', '=', post.id)
      .orderBy('art_post_pictures.position')
      .execute(),
  ]);
  return {
    ...empty,
    kind: 'art_post',
    id: post.id,
    author: author ? presentPublicUser(author) : null,
    text: post.text === '' ? post.title : `${post.title}\n\n${post.text}`,
    attachments: attachments.map((a) => presentAttachment(coveredIn(a, post.adult))),
    created_at: post.created_at,
    art_post: { id: post.id, slug: post.slug, title: post.title },
  };
}

/** An art comment: its author and text, and its post to link to. */
export async function snapshotArtComment(
  db: Kysely<DB>,
  commentId: number,
): Promise<Evidence | null> {
  const comment = await db
    .selectFrom('art_comments')
    .innerJoin('art_posts', 'art_posts.id', 'art_comments.post_id')
    .selectAll('art_comments')
    .select(['art_posts.slug as post_slug', 'art_posts.title as post_title'])
    .where('art_comments.id', '=', commentId)
    .executeTakeFirst();
  if (!comment) return null;
  const author = comment.author_id === null ? undefined : await userRow(db, comment.author_id);
  return {
    ...empty,
    kind: 'art_comment',
    id: comment.id,
    author: author ? presentPublicUser(author) : null,
    text: comment.text,
    created_at: comment.created_at,
    art_post: { id: comment.post_id, slug: comment.post_slug, title: comment.post_title },
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

/** Parts of the evidence the reporter did not see when they filed (hidden text, a sender). */
export type WithheldPart = 'author' | 'text';

/**
 * Evidence as a complaint stores it: in full, for the staff, with the parts the reporter could
 * not see marked, so that the reporter never gets back more than they saw (issue 19, point 6).
 */
export type StoredEvidence = Evidence & { withheld?: WithheldPart[] };

/** Stored evidence read back; anything unreadable reads as none. */
export function parseEvidence(json: string | null): Evidence | null {
  const stored = parseStoredEvidence(json);
  if (!stored) return null;
  const evidence: StoredEvidence = { ...stored };
  delete evidence.withheld;
  return evidence;
}

/** Stored evidence with its withheld marks (complaints). */
export function parseStoredEvidence(json: string | null): StoredEvidence | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as StoredEvidence;
  } catch {
    return null;
  }
}

/**
 * The evidence as one viewer of a complaint may see it: staff in full; anyone else (a reporter)
 * without the withheld parts.
 */
export function evidenceFor(json: string | null, staff: boolean): Evidence | null {
  const stored = parseStoredEvidence(json);
  if (!stored) return null;
  const { withheld, ...evidence } = stored;
  if (staff || !withheld || withheld.length === 0) return evidence;
  return {
    ...evidence,
    ...(withheld.includes('author') ? { author: null } : {}),
    ...(withheld.includes('text') ? { text: null } : {}),
  };
}

/** Whether the reporter's view of this evidence leaves its author out (an anonymous sender). */
export function withholdsAuthor(json: string | null): boolean {
  return parseStoredEvidence(json)?.withheld?.includes('author') === true;
}
