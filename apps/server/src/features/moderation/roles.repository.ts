import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';

/** The users.role column, written only by an admin's role change. */
export class RolesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Sets the role only if it is still `from`: two admins changing the same person at once must
   * not log a change from a role the person no longer had. Returns the saved row, or undefined
   * when the row moved on (or vanished) in between.
   */
  async change(
    trx: Kysely<DB>,
    userId: number,
    from: string,
    to: string,
  ): Promise<UserRow | undefined> {
    return trx
      .updateTable('users')
      .set({ role: to })
      .where('id', '=', userId)
      .where('role', '=', from)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}
