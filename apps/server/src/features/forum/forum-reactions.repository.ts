import type { Kysely } from 'kysely';
import { ReactionsTable, type ReactionRow } from '../../db/reactions-table';
import type { DB } from '../../db/schema';

export type ForumReactionRow = ReactionRow;

/** Reactions on forum posts: the shared `reactions` table, `likeable_type` `forum_post`. */
export class ForumReactionsRepository extends ReactionsTable {
  constructor(db: Kysely<DB>) {
    super(db, 'forum_post');
  }

  /** Through `db` inside a unit (a unit's reads must use its transaction). */
  forPosts(postIds: readonly number[], db?: Kysely<DB>) {
    return this.of(postIds, db);
  }
}
