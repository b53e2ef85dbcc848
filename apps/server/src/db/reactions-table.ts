import type { Kysely } from 'kysely';
import type { DB } from './schema';

export interface ReactionRow {
  likeable_id: number;
  reaction: string;
  user_id: number;
  user_slug: string;
  user_nick: string;
}

/**
 * The shared `reactions` table for one kind of thing (`likeable_type`: a room message, a forum
 * post): the chat's and the forum's reactions are the same rows apart from that column.
 */
export class ReactionsTable {
  constructor(
    protected readonly db: Kysely<DB>,
    private readonly likeableType: string,
  ) {}

  /** Reactions of many things in one query, in the order they were given. */
  async of(ids: readonly number[], db: Kysely<DB> = this.db): Promise<ReactionRow[]> {
    if (ids.length === 0) return [];
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
      .where('reactions.likeable_type', '=', this.likeableType)
      .where('reactions.likeable_id', 'in', ids)
      .orderBy('reactions.id')
      .execute();
  }

  /** True when the reaction is new (one per user and reaction). */
  async add(id: number, userId: number, reaction: string, at: string): Promise<boolean> {
    const result = await this.db
      .insertInto('reactions')
      .values({
        likeable_type: this.likeableType,
        likeable_id: id,
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

  async remove(id: number, userId: number, reaction: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reactions')
      .where('likeable_type', '=', this.likeableType)
      .where('likeable_id', '=', id)
      .where('user_id', '=', userId)
      .where('reaction', '=', reaction)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
