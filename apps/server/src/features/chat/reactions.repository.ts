import type { Kysely } from 'kysely';
import { ReactionsTable } from '../../db/reactions-table';
import type { DB } from '../../db/schema';

export type { ReactionRow } from '../../db/reactions-table';

/** Reactions on room messages: the shared `reactions` table, `likeable_type` `message`. */
export class ReactionsRepository extends ReactionsTable {
  constructor(db: Kysely<DB>) {
    super(db, 'message');
  }

  /** Reactions of many messages in one query, in the order they were given. */
  forMessages(messageIds: number[]) {
    return this.of(messageIds);
  }
}
