import type { Kysely } from 'kysely';
import { HIDDEN_STATUSES } from '../../access/art-post.policy';
import type { DB } from '../../db/schema';

/**
 * The art section's counters, counted again (not incremented) whenever what everyone may see
 * changes: a post stored, deleted or decided, a comment stored, deleted or decided. Called in
 * the transaction of that change, by the art section and by moderation.
 */

/** The group's posts_count: its live posts everyone may see (trolls' counted, as the forum). */
export async function recountGroup(trx: Kysely<DB>, groupId: number): Promise<void> {
  await trx
    .updateTable('art_groups')
    .set((eb) => ({
      posts_count: eb
        .selectFrom('art_posts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('art_posts.group_id', '=', groupId)
        .where('art_posts.deleted_at', 'is', null)
        .where('art_posts.held', '=', 0)
        .where('art_posts.status', 'not in', HIDDEN_STATUSES),
    }))
    .where('id', '=', groupId)
    .execute();
}

/** The post's comments_count: its live comments everyone may see (by status). */
export async function recountComments(trx: Kysely<DB>, postId: number): Promise<void> {
  await trx
    .updateTable('art_posts')
    .set((eb) => ({
      comments_count: eb
        .selectFrom('art_comments')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('art_comments.post_id', '=', postId)
        .where('art_comments.deleted_at', 'is', null)
        .where('art_comments.status', 'not in', HIDDEN_STATUSES),
    }))
    .where('id', '=', postId)
    .execute();
}
