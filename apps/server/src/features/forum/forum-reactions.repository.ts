import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const FORUM_POST = 'forum_post';

export interface ForumReactionRow {
  likeable_id: number;
  reaction: string;
  user_id: number;
  user_slug: string;
  user_nick: string;
}

/** Reactions on forum posts: the shared `reactions` table, `likeable_type` `forum_post`. */
export class ForumReactionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async forPosts(
    postIds: readonly number[],
    db: Kysely<DB> = this.db,
  ): Promise<ForumReactionRow[]> {
    if (postIds.length === 0) return [];
    return db
      .selectFrom('reactions')
      .innerJoin('users', 'users.id', 'reactions.user_id')
      .select([
        'reactions.likeable_id',
        'reactions.reaction',
        'reactions.user_id',
        'users.slug as user_slug',
        'users.nick as user_nick',
      ])
      .where('reactions.likeable_type', '=', FORUM_POST)
      .where('reactions.likeable_id', 'in', postIds)
      .orderBy('reactions.id')
      .execute();
  }

  /** True when the reaction is new (one per user and reaction). */
  async add(postId: number, userId: number, reaction: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('reactions')
      .values({
        likeable_type: FORUM_POST,
        likeable_id: postId,
        user_id: userId,
        reaction,
        created_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['likeable_type', 'likeable_id', 'user_id', 'reaction']).doNothing(),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async remove(postId: number, userId: number, reaction: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reactions')
      .where('likeable_type', '=', FORUM_POST)
      .where('likeable_id', '=', postId)
      .where('user_id', '=', userId)
      .where('reaction', '=', reaction)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
