import type { Kysely } from 'kysely';
import type { AuthFlowRow, DB } from '../../../db/schema';

/**
 * The steps of sign-ins with other sites (`auth_flows`): an authorization request waiting for
 * its callback, and a first sign-in waiting for its nick. Each is taken once: `take` deletes
 * the row it answers, so a replayed callback or a second sign-up finds nothing.
 */
export class AuthFlowsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async put(row: Omit<AuthFlowRow, 'id'>): Promise<void> {
    await this.db.insertInto('auth_flows').values(row).execute();
  }

  /**
   * Puts a row unless its key is taken: false when it was (a Telegram payload used before).
   * ON CONFLICT rather than a caught error, so a PostgreSQL transaction is not aborted.
   */
  async claimOnce(row: Omit<AuthFlowRow, 'id'>): Promise<boolean> {
    const made = await this.db
      .insertInto('auth_flows')
      .values(row)
      .onConflict((oc) => oc.column('key_hash').doNothing())
      .returning('id')
      .executeTakeFirst();
    return made !== undefined;
  }

  /** The live step with this key and kind, deleted as it is read (single use). */
  async take(keyHash: string, kind: string, now: string): Promise<AuthFlowRow | undefined> {
    const row = await this.db
      .deleteFrom('auth_flows')
      .where('key_hash', '=', keyHash)
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
    return row && row.expires_at > now ? row : undefined;
  }

  /** The live step, left in place (the nick page reads it before the nick is chosen). */
  async peek(keyHash: string, kind: string, now: string): Promise<AuthFlowRow | undefined> {
    return this.db
      .selectFrom('auth_flows')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('kind', '=', kind)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  async remove(keyHash: string): Promise<void> {
    await this.db.deleteFrom('auth_flows').where('key_hash', '=', keyHash).execute();
  }

  /** Steps nobody finished: an abandoned sign-in leaves nothing behind for long. */
  async sweep(now: string): Promise<number> {
    const result = await this.db.deleteFrom('auth_flows').where('expires_at', '<=', now).execute();
    return Number(result[0]?.numDeletedRows ?? 0);
  }
}
