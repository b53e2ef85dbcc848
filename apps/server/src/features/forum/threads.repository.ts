import type { ForumThreadSort } from '@chat/shared';
import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import type { ForumCategoryRow, ForumThreadRow, ForumThreadsTable } from '../../db/forum-schema';
import type { DB, UserRow } from '../../db/schema';
import type { Viewer } from '../../access/viewer';
import {
  listedTotalOf,
  threadsByTrollsBut,
  threadsListedFor,
  threadsListedInIndex,
} from '../../access/forum-post.policy';
import { publicThread } from './forum-visibility.repository';

/** A thread with what its policy asks of its author. */
export type ThreadWithAuthor = ForumThreadRow & {
  author_is_troll: number | null;
  author_role: UserRow['role'] | null;
};

/** Forum threads: look-ups, the category pages (filtered in SQL), counters and views. */
export class ThreadsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private withAuthor(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('forum_threads')
      .leftJoin('users', 'users.id', 'forum_threads.author_id')
      .selectAll('forum_threads')
      .select(['users.is_troll as author_is_troll', 'users.role as author_role']);
  }

  bySlug(slug: string): Promise<ThreadWithAuthor | undefined> {
    return this.withAuthor().where('forum_threads.slug', '=', slug).executeTakeFirst();
  }

  byId(id: number, db: Kysely<DB> = this.db): Promise<ThreadWithAuthor | undefined> {
    return this.withAuthor(db).where('forum_threads.id', '=', id).executeTakeFirst();
  }

  byIds(ids: readonly number[]): Promise<ForumThreadRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('forum_threads').selectAll().where('id', 'in', ids).execute();
  }

  /** A retry's thread: the author's earlier thread of this client_id. */
  byClientId(authorId: number, clientId: string): Promise<ThreadWithAuthor | undefined> {
    return this.withAuthor()
      .where('forum_threads.author_id', '=', authorId)
      .where('forum_threads.client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** Slugs already taken that a new slug from `base` could clash with. */
  async insert(db: Kysely<DB>, row: Insertable<ForumThreadsTable>): Promise<number> {
    const { id } = await db
      .insertInto('forum_threads')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Takes the thread's row for the rest of the unit (a no-op update holds its lock on
   * PostgreSQL; SQLite runs one unit at a time), so two replies never get the same number.
   */
  async lock(db: Kysely<DB>, threadId: number): Promise<void> {
    await db
      .updateTable('forum_threads')
      .set((eb) => ({ locked: eb.ref('locked') }))
      .where('id', '=', threadId)
      .execute();
  }

  /** After a post: its first post, and when the post is public, the counters and newest. */
  async posted(
    db: Kysely<DB>,
    threadId: number,
    post: { id: number; number: number; at: string; counted: boolean },
  ): Promise<void> {
    // A held reply changes nothing here (and an UPDATE without SET is a syntax error).
    if (post.number !== 1 && !post.counted) return;
    await db
      .updateTable('forum_threads')
      .set((eb) => ({
        ...(post.number === 1 ? { first_post_id: post.id } : {}),
        ...(post.counted
          ? {
              posts_count: eb('posts_count', '+', 1),
              last_post_id: post.id,
              last_posted_at: post.at,
            }
          : {}),
      }))
      .where('id', '=', threadId)
      .execute();
  }

  async markDeleted(db: Kysely<DB>, threadId: number, at: string): Promise<void> {
    await db
      .updateTable('forum_threads')
      .set({ deleted_at: at })
      .where('id', '=', threadId)
      .execute();
  }

  async addView(threadId: number): Promise<void> {
    await this.db
      .updateTable('forum_threads')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', threadId)
      .execute();
  }

  private listed(viewer: Viewer) {
    return this.db
      .selectFrom('forum_threads')
      .leftJoin('users', 'users.id', 'forum_threads.author_id')
      .where(threadsListedFor(viewer));
  }

  /**
   * A category page for the viewer: pinned first, then by the chosen order, the newest first
   * among equals. The ORDER BY is exactly one of the category indexes (0022), which hold the
   * listing rule's columns: the page's ids are found by walking index entries, then only its
   * rows are read. The total comes from the category's counter (totalListed).
   */
  async page(
    category: Pick<ForumCategoryRow, 'id' | 'threads_count'>,
    viewer: Viewer,
    sort: ForumThreadSort,
    limit: number,
    offset: number,
  ): Promise<{ rows: ForumThreadRow[]; total: number }> {
    const ids = (
      await this.listedIds(category.id, viewer, sort).limit(limit).offset(offset).execute()
    ).map((r) => r.id);
    const [rows, total] = await Promise.all([this.rowsOf(ids), this.totalListed(category, viewer)]);
    return { rows, total };
  }

  /** The ids of the category's threads the viewer reads, in the sort's order (the index). */
  private listedIds(categoryId: number, viewer: Viewer, sort: ForumThreadSort) {
    let query = this.db
      .selectFrom('forum_threads')
      .select('forum_threads.id')
      .where('forum_threads.category_id', '=', categoryId)
      .where(threadsListedInIndex(viewer))
      .orderBy('forum_threads.pinned', 'desc');
    if (sort === 'activity') query = query.orderBy('forum_threads.last_posted_at', 'desc');
    if (sort === 'top') query = query.orderBy('forum_threads.posts_count', 'desc');
    return query.orderBy('forum_threads.id', 'desc');
  }

  /** Every id of the category's threads the viewer reads, in the sort's order. */
  async allListedIds(categoryId: number, viewer: Viewer, sort: ForumThreadSort): Promise<number[]> {
    return (await this.listedIds(categoryId, viewer, sort).execute()).map((r) => r.id);
  }

  /** These threads, in the order given. */
  async rowsOf(ids: readonly number[]): Promise<ForumThreadRow[]> {
    const byId = new Map((await this.byIds(ids)).map((t) => [t.id, t]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The category's threads the viewer reads, from its public counter (listedTotalOf). */
  private totalListed(
    category: Pick<ForumCategoryRow, 'id' | 'threads_count'>,
    viewer: Viewer,
  ): Promise<number> {
    return listedTotalOf(viewer, Number(category.threads_count), {
      listed: () => this.countOf(category.id, threadsListedInIndex(viewer)),
      publicByTrollsBut: (but) =>
        this.countOf(category.id, (eb) => eb.and([publicThread(eb), threadsByTrollsBut(but)(eb)])),
      hiddenOf: (userId) =>
        this.countOf(category.id, (eb) =>
          eb.and([
            eb('forum_threads.author_id', '=', userId),
            eb('forum_threads.deleted_at', 'is', null),
            eb.not(publicThread(eb)),
          ]),
        ),
    });
  }

  private async countOf(
    categoryId: number,
    which: (eb: ExpressionBuilder<DB, 'forum_threads'>) => ReturnType<typeof publicThread>,
  ): Promise<number> {
    const row = await this.db
      .selectFrom('forum_threads')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('forum_threads.category_id', '=', categoryId)
      .where(which)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The newest threads the viewer may see, across categories. */
  latest(viewer: Viewer, limit: number): Promise<ForumThreadRow[]> {
    return this.listed(viewer)
      .selectAll('forum_threads')
      .orderBy('forum_threads.id', 'desc')
      .limit(limit)
      .execute();
  }
}
