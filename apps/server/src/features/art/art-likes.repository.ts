import { sql, type Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';

/**
 * Likes: one row per person and post (the primary key), and the post's counter changed in the
 * same transaction only when a row really came or went, so a storm of identical requests is one
 * like and concurrent likes of many people are all counted.
 */
export class ArtLikesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Adds the like unless there; the post's likes_count after it, and whether it was new. */
  async add(
    db: Kysely<DB>,
    postId: number,
    userId: number,
    at: string,
  ): Promise<{ added: boolean; likesCount: number }> {
    const inserted = await db
      .insertInto('art_likes')
      .values({ post_id: postId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (inserted)
      await db
        .updateTable('art_posts')
        .set({ likes_count: sql`likes_count + 1` })
        .where('id', '=', postId)
        .execute();
    return { added: inserted !== undefined, likesCount: await this.countOf(db, postId) };
  }

  /** Takes the like back if there; the post's likes_count after it. */
  async remove(
    db: Kysely<DB>,
    postId: number,
    userId: number,
  ): Promise<{ removed: boolean; likesCount: number }> {
    const deleted = await db
      .deleteFrom('art_likes')
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .returning('post_id')
      .executeTakeFirst();
    if (deleted)
      await db
        .updateTable('art_posts')
        .set({ likes_count: sql`likes_count - 1` })
        .where('id', '=', postId)
        .execute();
    return { removed: deleted !== undefined, likesCount: await this.countOf(db, postId) };
  }

  private async countOf(db: Kysely<DB>, postId: number): Promise<number> {
    const row = await db
      .selectFrom('art_posts')
      .select('likes_count')
      .where('id', '=', postId)
      .executeTakeFirst();
    return row?.likes_count ?? 0;
  }

  /** Which of these posts the user likes. */
  async likedOf(userId: number | null, postIds: readonly number[]): Promise<Set<number>> {
    if (userId === null || postIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('art_likes')
      .select('post_id')
      .where('user_id', '=', userId)
      .where('post_id', 'in', [...new Set(postIds)])
      .execute();
    return new Set(rows.map((r) => r.post_id));
  }

  /** The newest people who liked the post (live accounts). */
  async likers(postId: number, limit: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('art_likes')
      .innerJoin('users', 'users.id', 'art_likes.user_id')
      .selectAll('users')
      .where('art_likes.post_id', '=', postId)
      .where('users.deleted_at', 'is', null)
      .orderBy('art_likes.created_at', 'desc')
      .orderBy('art_likes.user_id', 'desc')
      .limit(limit)
      .execute();
  }
}
