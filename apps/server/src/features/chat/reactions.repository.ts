import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ReactionRow {
  likeable_id: number;
  reaction: string;
  user_id: number;
  user_slug: string;
  user_nick: string;
}

const MESSAGE = 'message';

export class ReactionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Reactions of many messages in one query, in the order they were given. */
  async forMessages(messageIds: number[]): Promise<ReactionRow[]> {
    if (messageIds.length === 0) return [];
    return this.db
      .selectFrom('reactions')
      .innerJoin('users', 'users.id', 'reactions.user_id')
      .select([
        'reactions.likeable_id',
        'reactions.reaction',
        'reactions.user_id',
        'users.slug as user_slug',
        'users.nick as user_nick',
      ])
      .where('reactions.likeable_type', '=', MESSAGE)
      .where('reactions.likeable_id', 'in', messageIds)
      .orderBy('reactions.id')
      .execute();
  }

  /** True when the reaction is new (one per user and reaction). */
  async add(messageId: number, userId: number, reaction: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('reactions')
      .values({
        likeable_type: MESSAGE,
        likeable_id: messageId,
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

  async remove(messageId: number, userId: number, reaction: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reactions')
      .where('likeable_type', '=', MESSAGE)
      .where('likeable_id', '=', messageId)
      .where('user_id', '=', userId)
      .where('reaction', '=', reaction)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
