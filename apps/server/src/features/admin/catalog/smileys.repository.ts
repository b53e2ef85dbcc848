import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, SmileyGroupsTable, SmileysTable } from '../../../db/schema';

export type SmileyGroupRow = Selectable<SmileyGroupsTable>;
export type SmileyRow = Selectable<SmileysTable>;

/** The smiley catalogue's SQL for the admin area; writes take the unit's `tx.db`. */
export class AdminSmileysRepository {
  constructor(private readonly db: Kysely<DB>) {}

  groups(db: Kysely<DB> = this.db): Promise<SmileyGroupRow[]> {
    return db.selectFrom('smiley_groups').selectAll().orderBy('position').orderBy('id').execute();
  }

  smileys(db: Kysely<DB> = this.db): Promise<SmileyRow[]> {
    return db
      .selectFrom('smileys')
      .selectAll()
      .orderBy('group_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  group(db: Kysely<DB>, id: number): Promise<SmileyGroupRow | undefined> {
    return db.selectFrom('smiley_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  smiley(db: Kysely<DB>, id: number): Promise<SmileyRow | undefined> {
    return db.selectFrom('smileys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async tagTaken(tag: string, exceptId: number | null, db: Kysely<DB> = this.db): Promise<boolean> {
    let query = db.selectFrom('smileys').select('id').where('tag', '=', tag);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async nextGroupPosition(db: Kysely<DB>): Promise<number> {
    const row = await db
      .selectFrom('smiley_groups')
      .select(sql<number>`coalesce(max(position), 0)`.as('top'))
      .executeTakeFirstOrThrow();
    return Number(row.top) + 1;
  }

  async nextSmileyPosition(db: Kysely<DB>, groupId: number): Promise<number> {
    const row = await db
      .selectFrom('smileys')
      .select(sql<number>`coalesce(max(position), 0)`.as('top'))
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    return Number(row.top) + 1;
  }

  async countInGroup(db: Kysely<DB>, groupId: number): Promise<number> {
    const row = await db
      .selectFrom('smileys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insertGroup(db: Kysely<DB>, values: Omit<SmileyGroupRow, 'id'>): Promise<SmileyGroupRow> {
    return db.insertInto('smiley_groups').values(values).returningAll().executeTakeFirstOrThrow();
  }

  insertSmiley(db: Kysely<DB>, values: Omit<SmileyRow, 'id'>): Promise<SmileyRow> {
    return db.insertInto('smileys').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** The row as changed, or undefined when it changed since `seen` (or is gone). */
  updateGroup(
    db: Kysely<DB>,
    id: number,
    seen: string,
    values: Partial<Omit<SmileyGroupRow, 'id'>>,
  ): Promise<SmileyGroupRow | undefined> {
    return db
      .updateTable('smiley_groups')
      .set(values)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .returningAll()
      .executeTakeFirst();
  }

  updateSmiley(
    db: Kysely<DB>,
    id: number,
    seen: string,
    values: Partial<Omit<SmileyRow, 'id'>>,
  ): Promise<SmileyRow | undefined> {
    return db
      .updateTable('smileys')
      .set(values)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .returningAll()
      .executeTakeFirst();
  }

  async place(db: Kysely<DB>, id: number, groupId: number, position: number, at: string) {
    await db
      .updateTable('smileys')
      .set({ group_id: groupId, position, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async placeGroup(db: Kysely<DB>, id: number, position: number, at: string) {
    await db
      .updateTable('smiley_groups')
      .set({ position, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async deleteGroup(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('smiley_groups').where('id', '=', id).execute();
  }

  async deleteSmiley(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('smileys').where('id', '=', id).execute();
  }
}
