import { sql, type Kysely } from 'kysely';
import type { ContentSubject, ModerationStatus } from '@chat/shared';
import type {
  AttachmentRow,
  ContentReviewRow,
  DB,
  ProfilePhotoRow,
  UserRow,
} from '../../db/schema';
import type { ForumPostRow, ForumThreadRow } from '../../db/forum-schema';
import type { ArtWrite, ContentSubmissions } from '../my/content-submissions';
import { artKey, type ArtReviewItem } from './content-reviews.presenter';
import { coveredIn } from '../uploads/attachments.presenter';
import {
  mirrorArtComment,
  mirrorArtPost,
  writeArtCommentState,
  writeArtPostState,
} from './art-reviews';
import {
  mirrorForumPost,
  shouldHold,
  writeForumPostState,
  type ForumPostReview,
  type ForumPostWrite,
} from './forum-post-reviews';

/** Statuses that keep a piece in the queue. */
export const PENDING: readonly ModerationStatus[] = ['new', 'updated'];

export interface Subject {
  type: ContentSubject;
  id: number;
}

/**
 * SQL of content reviews: one row per piece of content (unique by subject), and the copy of its
 * status on the content's own row (`profile_photos.status`, `users.about_status`), always
 * written together. The write hooks of the profile (ContentSubmissions) run in the caller's
 * transaction.
 */
export class ContentReviewsRepository implements ContentSubmissions {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // ---- the profile's writes ------------------------------------------------------------------

  async aboutChanged(trx: Kysely<DB>, userId: number, about: string | null, at: string) {
    if (about === null || about === '') {
      // Nothing left to judge or to hide: out of the queue, and a refusal no longer applies.
      await trx
        .updateTable('content_reviews')
        .set({ status: 'accepted', reason: null, updated_at: at })
        .where('subject_type', '=', 'about')
        .where('subject_id', '=', userId)
        .where('status', '<>', 'accepted')
        .execute();
      await this.mirror(trx, { type: 'about', id: userId }, 'accepted');
      return;
    }
    const status = await this.resubmit(trx, { type: 'about', id: userId }, userId, at);
    await this.mirror(trx, { type: 'about', id: userId }, status);
  }

  async photoAdded(trx: Kysely<DB>, userId: number, photoId: number, at: string) {
    const status = await this.resubmit(trx, { type: 'photo', id: photoId }, userId, at);
    await this.mirror(trx, { type: 'photo', id: photoId }, status);
  }

  async photoDeleted(trx: Kysely<DB>, photoId: number) {
    await trx
      .deleteFrom('content_reviews')
      .where('subject_type', '=', 'photo')
      .where('subject_id', '=', photoId)
      .execute();
  }

  // ---- the forum's writes --------------------------------------------------------------------

  async forumPostWritten(trx: Kysely<DB>, write: ForumPostWrite): Promise<ForumPostReview> {
    const subject: Subject = { type: 'forum_post', id: write.postId };
    const status = await this.resubmit(trx, subject, write.ownerId, write.at);
    const held = await shouldHold(trx, write.ownerId);
    await writeForumPostState(trx, write, { status, held });
    return { status, held };
  }

  async forumPostEdited(trx: Kysely<DB>, write: ForumPostWrite): Promise<ForumPostReview> {
    const subject: Subject = { type: 'forum_post', id: write.postId };
    const status = await this.resubmit(trx, subject, write.ownerId, write.at);
    await writeForumPostState(trx, write, { status });
    const post = await trx
      .selectFrom('forum_posts')
      .select('held')
      .where('id', '=', write.postId)
      .executeTakeFirst();
    return { status, held: (post?.held ?? 0) === 1 };
  }

  // ---- the art section's writes --------------------------------------------------------------

  async artWritten(trx: Kysely<DB>, write: ArtWrite, isNew: boolean): Promise<ForumPostReview> {
    const status = await this.resubmit(
      trx,
      { type: write.type, id: write.id },
      write.ownerId,
      write.at,
    );
    if (write.type === 'art_comment') {
      await writeArtCommentState(trx, write.id, status);
      return { status, held: false };
    }
    const held = isNew ? await shouldHold(trx, write.ownerId, 'art_posts') : undefined;
    return writeArtPostState(trx, write.id, { status, ...(held === undefined ? {} : { held }) });
  }

  /**
   * New or changed content waits again: `new`, or `updated` when it had been refused (the
   * owner's edit asks for a restore). One statement, so two edits at once cannot both insert.
   */
  private async resubmit(
    trx: Kysely<DB>,
    subject: Subject,
    ownerId: number,
    at: string,
  ): Promise<ModerationStatus> {
    const row = await trx
      .insertInto('content_reviews')
      .values({
        subject_type: subject.type,
        subject_id: subject.id,
        owner_id: ownerId,
        status: 'new',
        reason: null,
        moderator_id: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['subject_type', 'subject_id']).doUpdateSet({
          status: sql<string>`case when content_reviews.status in ('refused', 'updated') then 'updated' else 'new' end`,
          updated_at: at,
        }),
      )
      .returning('status')
      .executeTakeFirstOrThrow();
    return row.status as ModerationStatus;
  }

  /** Copies a review's status onto the content's row, which is what visibility filters on. */
  async mirror(trx: Kysely<DB>, subject: Subject, status: ModerationStatus): Promise<void> {
    if (subject.type === 'forum_post') await mirrorForumPost(trx, subject.id, status);
    else if (subject.type === 'art_post') await mirrorArtPost(trx, subject.id, status);
    else if (subject.type === 'art_comment') await mirrorArtComment(trx, subject.id, status);
    else if (subject.type === 'photo')
      await trx
        .updateTable('profile_photos')
        .set({ status })
        .where('id', '=', subject.id)
        .execute();
    else
      await trx
        .updateTable('users')
        .set({ about_status: status })
        .where('id', '=', subject.id)
        .execute();
  }

  // ---- reviews -------------------------------------------------------------------------------

  async find(id: number): Promise<ContentReviewRow | undefined> {
    return this.db
      .selectFrom('content_reviews')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async findSubject(subject: Subject): Promise<ContentReviewRow | undefined> {
    return this.db
      .selectFrom('content_reviews')
      .selectAll()
      .where('subject_type', '=', subject.type)
      .where('subject_id', '=', subject.id)
      .executeTakeFirst();
  }

  /** The review of a piece, made (with the status its content row holds) when it has none. */
  async ensure(
    subject: Subject,
    ownerId: number,
    status: ModerationStatus,
    at: string,
  ): Promise<ContentReviewRow> {
    await this.db
      .insertInto('content_reviews')
      .values({
        subject_type: subject.type,
        subject_id: subject.id,
        owner_id: ownerId,
        status,
        reason: null,
        moderator_id: null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['subject_type', 'subject_id']).doNothing())
      .execute();
    const row = await this.findSubject(subject);
    if (!row) throw new Error('content review vanished after insert');
    return row;
  }

  /**
   * Moves a review from `from` to `to`, only if it still is `from`: of two deciders at once,
   * one changes it (true) and the other finds it moved (false).
   */
  async transition(
    trx: Kysely<DB>,
    id: number,
    from: string,
    change: { status: ModerationStatus; reason?: string | null; moderatorId?: number; at: string },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('content_reviews')
      .set({
        status: change.status,
        updated_at: change.at,
        ...(change.reason !== undefined ? { reason: change.reason } : {}),
        ...(change.moderatorId !== undefined ? { moderator_id: change.moderatorId } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Waiting reviews whose content still exists, the longest waiting first (by when they last
   * entered the queue: a restore request queues behind what was there before it).
   */
  async queue(
    limit: number,
    offset: number,
    judge: { exceptOwnerId: number; ownerRoles: string[] },
  ): Promise<{ rows: ContentReviewRow[]; total: number }> {
    const waiting = this.db
      .selectFrom('content_reviews as r')
      .innerJoin('users as o', 'o.id', 'r.owner_id')
      .leftJoin('profile_photos as p', (join) =>
        join.onRef('p.id', '=', 'r.subject_id').on('r.subject_type', '=', 'photo'),
      )
      .leftJoin('forum_posts as fp', (join) =>
        join
          .onRef('fp.id', '=', 'r.subject_id')
          .on('r.subject_type', '=', 'forum_post')
          .on('fp.deleted_at', 'is', null),
      )
      .leftJoin('forum_threads as ft', (join) =>
        join.onRef('ft.id', '=', 'fp.thread_id').on('ft.deleted_at', 'is', null),
      )
      .leftJoin('art_posts as ap', (join) =>
        join
          .onRef('ap.id', '=', 'r.subject_id')
          .on('r.subject_type', '=', 'art_post')
          .on('ap.deleted_at', 'is', null),
      )
      .leftJoin('art_comments as ac', (join) =>
        join
          .onRef('ac.id', '=', 'r.subject_id')
          .on('r.subject_type', '=', 'art_comment')
          .on('ac.deleted_at', 'is', null),
      )
      .leftJoin('art_posts as acp', (join) =>
        join.onRef('acp.id', '=', 'ac.post_id').on('acp.deleted_at', 'is', null),
      )
      .where('r.status', 'in', PENDING)
      .where('o.deleted_at', 'is', null)
      // Only what the judge may decide (access/content-review.policy.ts listedFor).
      .where('r.owner_id', '!=', judge.exceptOwnerId)
      .where('o.role', 'in', judge.ownerRoles.length > 0 ? judge.ownerRoles : [''])
      .where((eb) =>
        eb.or([
          eb.and([eb('r.subject_type', '=', 'photo'), eb('p.id', 'is not', null)]),
          eb.and([eb('r.subject_type', '=', 'about'), eb('o.about', 'is not', null)]),
          eb.and([eb('r.subject_type', '=', 'forum_post'), eb('ft.id', 'is not', null)]),
          eb.and([eb('r.subject_type', '=', 'art_post'), eb('ap.id', 'is not', null)]),
          eb.and([eb('r.subject_type', '=', 'art_comment'), eb('acp.id', 'is not', null)]),
        ]),
      );
    const [rows, count] = await Promise.all([
      waiting
        .selectAll('r')
        .orderBy('r.updated_at')
        .orderBy('r.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Every review of one owner's content (the profile shows them to the owner and to staff). */
  async ofOwner(ownerId: number): Promise<ContentReviewRow[]> {
    return this.db
      .selectFrom('content_reviews')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .execute();
  }

  // ---- the content ---------------------------------------------------------------------------

  async user(id: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async users(ids: readonly number[]): Promise<Map<number, UserRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async photo(id: number): Promise<ProfilePhotoRow | undefined> {
    return this.db.selectFrom('profile_photos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A forum post that is not deleted, in a thread that is not deleted. */
  async forumPost(id: number): Promise<ForumPostRow | undefined> {
    return this.db
      .selectFrom('forum_posts')
      .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
      .selectAll('forum_posts')
      .where('forum_posts.id', '=', id)
      .where('forum_posts.deleted_at', 'is', null)
      .where('forum_threads.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** These forum posts with their threads, by post id (the queue shows where they are). */
  async forumPostsInThreads(
    postIds: readonly number[],
  ): Promise<Map<number, { post: ForumPostRow; thread: ForumThreadRow }>> {
    if (postIds.length === 0) return new Map();
    const posts = await this.db
      .selectFrom('forum_posts')
      .selectAll()
      .where('id', 'in', [...new Set(postIds)])
      .execute();
    if (posts.length === 0) return new Map();
    const threads = await this.db
      .selectFrom('forum_threads')
      .selectAll()
      .where('id', 'in', [...new Set(posts.map((p) => p.thread_id))])
      .execute();
    const byId = new Map(threads.map((t) => [t.id, t]));
    const found = new Map<number, { post: ForumPostRow; thread: ForumThreadRow }>();
    for (const post of posts) {
      const thread = byId.get(post.thread_id);
      if (thread) found.set(post.id, { post, thread });
    }
    return found;
  }

  /** A live art post (or the live post of a live comment), with its author and status. */
  async artContent(
    subject: Subject,
  ): Promise<{ authorId: number | null; status: string; held: number } | undefined> {
    if (subject.type === 'art_post')
      return this.db
        .selectFrom('art_posts')
        .select(['author_id as authorId', 'status', 'held'])
        .where('id', '=', subject.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    return this.db
      .selectFrom('art_comments')
      .innerJoin('art_posts', 'art_posts.id', 'art_comments.post_id')
      .select([
        'art_comments.author_id as authorId',
        'art_comments.status',
        (eb) => eb.lit(0).as('held'),
      ])
      .where('art_comments.id', '=', subject.id)
      .where('art_comments.deleted_at', 'is', null)
      .where('art_posts.deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** What the queue shows of these art posts and comments (artKey → item). */
  async artItems(
    subjects: readonly { type: string; id: number }[],
  ): Promise<Map<string, ArtReviewItem>> {
    const items = new Map<string, ArtReviewItem>();
    const commentIds = subjects.filter((s) => s.type === 'art_comment').map((s) => s.id);
    const comments =
      commentIds.length === 0
        ? []
        : await this.db
            .selectFrom('art_comments')
            .select(['id', 'post_id', 'text'])
            .where('id', 'in', commentIds)
            .execute();
    const postIds = [
      ...new Set([
        ...subjects.filter((s) => s.type === 'art_post').map((s) => s.id),
        ...comments.map((c) => c.post_id),
      ]),
    ];
    if (postIds.length === 0) return items;
    const [posts, pictures] = await Promise.all([
      this.db
        .selectFrom('art_posts')
        .select(['id', 'slug', 'title', 'text', 'held', 'adult'])
        .where('id', 'in', postIds)
        .execute(),
      this.db
        .selectFrom('art_post_pictures as pp')
        .innerJoin('attachments', 'attachments.id', 'pp.attachment_id')
        .selectAll('attachments')
        .select('pp.post_id')
        .where('pp.post_id', 'in', postIds)
        .where('pp.position', '=', 0)
        .execute(),
    ]);
    const firstPicture = new Map(pictures.map(({ post_id, ...a }) => [post_id, a]));
    const postOf = new Map(
      posts.map((p) => [p.id, { id: p.id, slug: p.slug, title: p.title, held: p.held === 1 }]),
    );
    for (const p of posts)
      items.set(artKey('art_post', p.id), {
        text: p.text === '' ? p.title : `${p.title}\n\n${p.text}`,
        attachment: coveredIn(firstPicture.get(p.id) ?? null, p.adult),
        post: postOf.get(p.id)!,
        commentId: null,
      });
    for (const c of comments) {
      const post = postOf.get(c.post_id);
      if (post)
        items.set(artKey('art_comment', c.id), {
          text: c.text,
          attachment: null,
          post,
          commentId: c.id,
        });
    }
    return items;
  }

  /** The uploads of these photos, by photo id. */
  async photoAttachments(photoIds: readonly number[]): Promise<Map<number, AttachmentRow>> {
    if (photoIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('profile_photos')
      .innerJoin('attachments', 'attachments.id', 'profile_photos.attachment_id')
      .selectAll('attachments')
      .select('profile_photos.id as photo_id')
      .where('profile_photos.id', 'in', [...new Set(photoIds)])
      .execute();
    return new Map(rows.map(({ photo_id, ...attachment }) => [photo_id, attachment]));
  }
}
