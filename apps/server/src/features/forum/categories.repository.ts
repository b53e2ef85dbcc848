import type { Kysely } from 'kysely';
import type { ForumCategoryRow } from '../../db/forum-schema';
import type { DB } from '../../db/schema';

/** Forum categories: the list, one by its slug, and the counters the post writes keep. */
export class CategoriesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  all(): Promise<ForumCategoryRow[]> {
    return this.db
      .selectFrom('forum_categories')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  bySlug(slug: string): Promise<ForumCategoryRow | undefined> {
    return this.db
      .selectFrom('forum_categories')
      .selectAll()
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  byIds(ids: readonly number[]): Promise<ForumCategoryRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('forum_categories').selectAll().where('id', 'in', ids).execute();
  }

  /** One more public post (and thread), now the category's newest; inside the post's unit. */
  async counted(
    db: Kysely<DB>,
    categoryId: number,
    change: { threads: number; posts: number; lastPostId: number; at: string },
  ): Promise<void> {
    await db
      .updateTable('forum_categories')
      .set((eb) => ({
        threads_count: eb('threads_count', '+', change.threads),
        posts_count: eb('posts_count', '+', change.posts),
        last_post_id: change.lastPostId,
        updated_at: change.at,
      }))
      .where('id', '=', categoryId)
      .execute();
  }
}
