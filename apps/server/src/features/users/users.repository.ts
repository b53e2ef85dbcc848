import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';

/**
 * The users row as every feature reads it, and the ignore list. The row's columns are written
 * only by their owners (db/user-columns.ts): accounts (features/auth/accounts.repository.ts),
 * profiles (features/profiles, features/my), preferences (features/preferences), economy,
 * moderation. Nothing here writes the row.
 */
export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every account's names, oldest first, for the look-alike report (ops nick-clashes). */
  async names(): Promise<
    Pick<UserRow, 'id' | 'nick' | 'slug' | 'role' | 'created_at' | 'deleted_at' | 'nick_skeleton'>[]
  > {
    return this.db
      .selectFrom('users')
      .select(['id', 'nick', 'slug', 'role', 'created_at', 'deleted_at', 'nick_skeleton'])
      .orderBy('id')
      .execute();
  }

  async countByRole(role: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', role)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async ignoredBy(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('ignores')
      .select('ignored_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('ignored_id', 'desc')
      .execute();
    return rows.map((r) => r.ignored_id);
  }

  async ignore(userId: number, ignoredId: number, at: string): Promise<void> {
    await this.db
      .insertInto('ignores')
      .values({ user_id: userId, ignored_id: ignoredId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'ignored_id']).doNothing())
      .execute();
  }

  async unignore(userId: number, ignoredId: number): Promise<void> {
    await this.db
      .deleteFrom('ignores')
      .where('user_id', '=', userId)
      .where('ignored_id', '=', ignoredId)
      .execute();
  }

  async trollIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('is_troll', '=', 1).execute();
    return rows.map((r) => r.id);
  }

  async findMany(ids: number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  }
}
