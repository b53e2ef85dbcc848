import type { Kysely } from 'kysely';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema';

export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByNickKey(nickKey: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('nick_key', '=', nickKey)
      .executeTakeFirst();
  }

  async findByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  async slugExists(slug: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(id: number, changes: UserUpdate): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
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
