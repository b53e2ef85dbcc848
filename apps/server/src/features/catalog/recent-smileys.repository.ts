import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** One smiley a user sent, and when. */
export interface SmileyUse {
  tag: string;
  at: string;
}

// Bounds the parameters of one statement: at most this many users × RECENT_SMILEYS_MAX tags.
const USERS_PER_STATEMENT = 100;

/** Each account's recently sent smileys: SQL only. */
export class RecentSmileysRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** The user's recent smiley tags, newest use first. */
  async tags(userId: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('recent_smileys')
      .select('tag')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.tag);
  }

  /**
   * Stores many users' uses at once (`uses`: each user's, oldest first): each use moves its
   * smiley to the front (a new row, so the newest id is the newest use), and each user keeps
   * only the newest `keep`. Four statements per hundred users, whatever they sent. A deleted
   * account's uses are not stored: a batch noted before the deletion and written after it must
   * not bring its smileys back. On PostgreSQL the users' rows are read `for share`, so a
   * deletion (my.repository.ts anonymise, which updates the row before it deletes the smileys)
   * either waits for this batch and then deletes its rows, or is seen by it.
   */
  async record(uses: ReadonlyMap<number, readonly SmileyUse[]>, keep: number): Promise<void> {
    const users = [...uses].filter(([, list]) => list.length > 0);
    for (let i = 0; i < users.length; i += USERS_PER_STATEMENT) {
      await this.db.transaction().execute(async (trx) => {
        const batch = users.slice(i, i + USERS_PER_STATEMENT);
        const holders = trx
          .selectFrom('users')
          .select('id')
          .where(
            'id',
            'in',
            batch.map(([userId]) => userId),
          )
          .where('deleted_at', 'is', null);
        const live = await (this.postgres ? holders.forShare() : holders).execute();
        const ids = live.map((u) => u.id);
        const chunk = batch.filter(([userId]) => ids.includes(userId));
        if (chunk.length === 0) return;
        await trx
          .deleteFrom('recent_smileys')
          .where((eb) =>
            eb.or(
              chunk.map(([userId, list]) =>
                eb.and([
                  eb('user_id', '=', userId),
                  eb(
                    'tag',
                    'in',
                    list.map((u) => u.tag),
                  ),
                ]),
              ),
            ),
          )
          .execute();
        await trx
          .insertInto('recent_smileys')
          .values(
            chunk.flatMap(([userId, list]) =>
              list.map((u) => ({ user_id: userId, tag: u.tag, used_at: u.at })),
            ),
          )
          // Another node's batch stored the same use first: its row is just as new.
          .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
          .execute();
        await trx
          .deleteFrom('recent_smileys')
          .where('user_id', 'in', ids)
          .where('id', 'in', (eb) =>
            eb
              .selectFrom((inner) =>
                inner
                  .selectFrom('recent_smileys')
                  .select([
                    'id',
                    sql<number>`row_number() over (partition by user_id order by id desc)`.as(
                      'place',
                    ),
                  ])
                  .where('user_id', 'in', ids)
                  .as('ranked'),
              )
              .select('ranked.id')
              .where('ranked.place', '>', keep),
          )
          .execute();
      });
    }
  }
}
