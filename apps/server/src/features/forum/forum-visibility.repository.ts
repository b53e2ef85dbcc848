import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Moderation statuses that take a forum post (and a thread, by its first post) away from
 * everyone but its author and moderators: refused, and refused then edited (`updated`, waiting
 * for a moderator again), as profile texts and photos are (access/profile-content.policy.ts).
 */
export const FORUM_HIDDEN_STATUSES = ['refused', 'updated'] as const;

/** A post everyone may see (trolls aside): live, not held, not refused. */
export function publicPost(eb: ExpressionBuilder<DB, 'forum_posts'>) {
  return eb.and([
    eb('forum_posts.deleted_at', 'is', null),
    eb('forum_posts.held', '=', 0),
    eb('forum_posts.status', 'not in', FORUM_HIDDEN_STATUSES),
  ]);
}

/** A thread everyone may see: live, and its first post neither held nor refused. */
export function publicThread(eb: ExpressionBuilder<DB, 'forum_threads'>) {
  return eb.and([
    eb('forum_threads.deleted_at', 'is', null),
    eb('forum_threads.held', '=', 0),
    eb('forum_threads.status', 'not in', FORUM_HIDDEN_STATUSES),
  ]);
}

/**
 * Counters counted again from the rows, for the rare changes that move many at once or that
 * the writes cannot count by one (moderation hides or releases a post, a thread moves or is
 * deleted). The writes of posts keep them by one in their own transactions.
 */
export class ForumVisibilityRepository {
  /** A thread's public posts, its newest public post and when it was written. */
  async recountThread(trx: Kysely<DB>, threadId: number): Promise<void> {
    await trx
      .updateTable('forum_threads')
      .set((eb) => ({
        posts_count: eb
          .selectFrom('forum_posts')
          .select((s) => s.fn.countAll<number>().as('n'))
          .where('forum_posts.thread_id', '=', threadId)
          .where(publicPost),
        last_post_id: eb
          .selectFrom('forum_posts')
          .select((s) => s.fn.max('forum_posts.id').as('m'))
          .where('forum_posts.thread_id', '=', threadId)
          .where(publicPost),
        last_posted_at: eb.fn.coalesce(
          eb
            .selectFrom('forum_posts')
            .select((s) => s.fn.max('forum_posts.created_at').as('t'))
            .where('forum_posts.thread_id', '=', threadId)
            .where(publicPost),
          eb.ref('forum_threads.created_at'),
        ),
      }))
      .where('id', '=', threadId)
      .execute();
  }

  /** A category's public threads, their public posts, and its newest public post. */
  async recountCategory(trx: Kysely<DB>, categoryId: number): Promise<void> {
    const live = (eb: ExpressionBuilder<DB, 'forum_categories'>) =>
      eb
        .selectFrom('forum_threads')
        .where('forum_threads.category_id', '=', categoryId)
        .where(publicThread);
    await trx
      .updateTable('forum_categories')
      .set((eb) => ({
        threads_count: live(eb).select((s) => s.fn.countAll<number>().as('n')),
        posts_count: eb.fn.coalesce(
          live(eb).select((s) => s.fn.sum<number>('forum_threads.posts_count').as('n')),
          eb.lit(0),
        ),
        last_post_id: live(eb).select((s) => s.fn.max('forum_threads.last_post_id').as('m')),
      }))
      .where('id', '=', categoryId)
      .execute();
  }

  /** Both counts after a post's visibility changed. */
  async recountAround(trx: Kysely<DB>, threadId: number): Promise<void> {
    const thread = await trx
      .selectFrom('forum_threads')
      .select('category_id')
      .where('id', '=', threadId)
      .executeTakeFirst();
    if (!thread) return;
    await this.recountThread(trx, threadId);
    await this.recountCategory(trx, thread.category_id);
  }
}
