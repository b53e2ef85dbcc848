import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import {
  listedTotalOf,
  postsByTrollsBut,
  postsListedInIndex,
} from '../../access/forum-post.policy';
import type { Viewer } from '../../access/viewer';
import type {
  ForumPostEditRow,
  ForumPostRow,
  ForumPostsTable,
  ForumThreadRow,
} from '../../db/forum-schema';
import type { AttachmentRow, DB, UserRow } from '../../db/schema';
import { publicPost } from './forum-visibility.repository';

export const FORUM_POST_LINK = 'forum_post' as const;

/** A post with what its policy asks of its author. */
export type PostWithAuthor = ForumPostRow & {
  author_is_troll: number | null;
  author_role: UserRow['role'] | null;
};

/** Forum posts: look-ups, thread pages (filtered in SQL), writes, edits and pictures. */
export class PostsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private withAuthor(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('forum_posts')
      .leftJoin('users', 'users.id', 'forum_posts.author_id')
      .selectAll('forum_posts')
      .select(['users.is_troll as author_is_troll', 'users.role as author_role']);
  }

  byId(id: number, db: Kysely<DB> = this.db): Promise<PostWithAuthor | undefined> {
    return this.withAuthor(db).where('forum_posts.id', '=', id).executeTakeFirst();
  }

  byIds(ids: readonly number[], db: Kysely<DB> = this.db): Promise<ForumPostRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('forum_posts').selectAll().where('id', 'in', ids).execute();
  }

  byClientId(authorId: number, clientId: string): Promise<PostWithAuthor | undefined> {
    return this.withAuthor()
      .where('forum_posts.author_id', '=', authorId)
      .where('forum_posts.client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** The next number in the thread (call with the thread locked: ThreadsRepository.lock). */
  async nextNumber(db: Kysely<DB>, threadId: number): Promise<number> {
    const row = await db
      .selectFrom('forum_posts')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('thread_id', '=', threadId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  async insert(db: Kysely<DB>, row: Insertable<ForumPostsTable>): Promise<number> {
    const { id } = await db
      .insertInto('forum_posts')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The ids of the thread's posts the viewer reads, in number order (found in the index). */
  private listedIds(threadId: number, viewer: Viewer) {
    return this.db
      .selectFrom('forum_posts')
      .select('forum_posts.id')
      .where('forum_posts.thread_id', '=', threadId)
      .where(postsListedInIndex(viewer))
      .orderBy('forum_posts.number');
  }

  /**
   * A page of the thread as the viewer reads it: its ids found by walking the index that holds
   * the listing rule's columns (`forum_posts_thread_listed`: skipped posts are index entries,
   * not table rows), then only the page's rows and their authors read.
   */
  async page(threadId: number, viewer: Viewer, limit: number, offset: number) {
    const ids = await this.listedIds(threadId, viewer).limit(limit).offset(offset).execute();
    return this.rowsOf(ids.map((r) => r.id));
  }

  /** Every id of the thread's posts the viewer reads, in number order (a whole listing). */
  async allListedIds(threadId: number, viewer: Viewer): Promise<number[]> {
    return (await this.listedIds(threadId, viewer).execute()).map((r) => r.id);
  }

  /** These posts with what their policy asks of their authors, in number order. */
  rowsOf(ids: readonly number[]): Promise<PostWithAuthor[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withAuthor()
      .where('forum_posts.id', 'in', ids)
      .orderBy('forum_posts.number')
      .execute();
  }

  /** Posts of the thread the viewer reads, those before `number` only when given (the index). */
  async countListed(threadId: number, viewer: Viewer, beforeNumber?: number): Promise<number> {
    let query = this.listedIds(threadId, viewer)
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (beforeNumber !== undefined) query = query.where('forum_posts.number', '<', beforeNumber);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** All the posts of the thread the viewer reads, from its public counter (listedTotalOf). */
  totalListed(thread: Pick<ForumThreadRow, 'id' | 'posts_count'>, viewer: Viewer): Promise<number> {
    return listedTotalOf(viewer, Number(thread.posts_count), {
      listed: () => this.countListed(thread.id, viewer),
      publicByTrollsBut: (but) =>
        this.countOf(thread.id, (eb) => eb.and([publicPost(eb), postsByTrollsBut(but)(eb)])),
      hiddenOf: (userId) =>
        this.countOf(thread.id, (eb) =>
          eb.and([
            eb('forum_posts.author_id', '=', userId),
            eb('forum_posts.deleted_at', 'is', null),
            eb.not(publicPost(eb)),
          ]),
        ),
    });
  }

  private async countOf(
    threadId: number,
    which: (eb: ExpressionBuilder<DB, 'forum_posts'>) => ReturnType<typeof publicPost>,
  ): Promise<number> {
    const row = await this.db
      .selectFrom('forum_posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('forum_posts.thread_id', '=', threadId)
      .where(which)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The first post the viewer reads after `number` (their first unread one). */
  async firstListedAfter(threadId: number, viewer: Viewer, number: number) {
    const first = await this.listedIds(threadId, viewer)
      .where('forum_posts.number', '>', number)
      .limit(1)
      .executeTakeFirst();
    return first && this.byId(first.id);
  }

  /**
   * Posts the viewer reads after each of their read marks, per thread (a category page's
   * `unread`): one grouped query over the index, each thread's range from its mark on.
   */
  async unreadCounts(
    viewer: Viewer,
    marks: ReadonlyMap<number, number>,
  ): Promise<Map<number, number>> {
    if (marks.size === 0) return new Map();
    const rows = await this.db
      .selectFrom('forum_posts')
      .select(['forum_posts.thread_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where((eb) =>
        eb.or(
          [...marks].map(([threadId, number]) =>
            eb.and([
              eb('forum_posts.thread_id', '=', threadId),
              eb('forum_posts.number', '>', number),
            ]),
          ),
        ),
      )
      .where(postsListedInIndex(viewer))
      .groupBy('forum_posts.thread_id')
      .execute();
    return new Map(rows.map((r) => [r.thread_id, Number(r.n)]));
  }

  async hasReplies(threadId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('forum_posts')
      .select('id')
      .where('thread_id', '=', threadId)
      .where('number', '>', 1)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new text, the old one kept for moderators; inside the edit's unit. */
  async edit(
    db: Kysely<DB>,
    post: Pick<ForumPostRow, 'id' | 'text' | 'created_at' | 'edited_at'>,
    change: { text: string; html: string; at: string },
  ): Promise<void> {
    await db
      .insertInto('forum_post_edits')
      .values({
        post_id: post.id,
        text: post.text,
        written_at: post.edited_at ?? post.created_at,
        replaced_at: change.at,
      })
      .execute();
    await db
      .updateTable('forum_posts')
      .set({ text: change.text, html: change.html, edited_at: change.at })
      .where('id', '=', post.id)
      .execute();
  }

  edits(postId: number): Promise<ForumPostEditRow[]> {
    return this.db
      .selectFrom('forum_post_edits')
      .selectAll()
      .where('post_id', '=', postId)
      .orderBy('id')
      .execute();
  }

  async markDeleted(db: Kysely<DB>, postId: number, by: number, at: string): Promise<void> {
    await db
      .updateTable('forum_posts')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', postId)
      .execute();
  }

  /** The pictures of many posts, in the order they were attached. */
  async attachments(
    postIds: readonly number[],
    db: Kysely<DB> = this.db,
  ): Promise<Map<number, AttachmentRow[]>> {
    const byPost = new Map<number, AttachmentRow[]>();
    if (postIds.length === 0) return byPost;
    const rows = await db
      .selectFrom('attachment_links')
      .innerJoin('attachments', 'attachments.id', 'attachment_links.attachment_id')
      .selectAll('attachments')
      .select('attachment_links.ref_id')
      .where('attachment_links.kind', '=', FORUM_POST_LINK)
      .where('attachment_links.ref_id', 'in', postIds)
      .orderBy('attachment_links.created_at')
      .orderBy('attachments.id')
      .execute();
    for (const { ref_id, ...row } of rows) {
      const list = byPost.get(ref_id) ?? [];
      list.push(row);
      byPost.set(ref_id, list);
    }
    return byPost;
  }

  /** Takes a post's pictures off it (an edit that sends a new list). */
  async unlinkAttachments(db: Kysely<DB>, postId: number): Promise<void> {
    await db
      .deleteFrom('attachment_links')
      .where('kind', '=', FORUM_POST_LINK)
      .where('ref_id', '=', postId)
      .execute();
  }
}
