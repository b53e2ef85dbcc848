import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, FontsTable } from '../../../db/schema';

export type FontRow = Selectable<FontsTable>;

/**
 * The fonts' SQL for the admin area. A nick names its font inside `users.nick_style` (JSON
 * written by features/my/identity.service.ts, `"font_id":N` followed by `,` or `}`).
 */
export class AdminFontsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  all(): Promise<FontRow[]> {
    return this.db.selectFrom('fonts').selectAll().orderBy('position').orderBy('id').execute();
  }

  find(db: Kysely<DB>, id: number): Promise<FontRow | undefined> {
    return db.selectFrom('fonts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async familyTaken(family: string, exceptId: number | null, db: Kysely<DB> = this.db) {
    let query = db
      .selectFrom('fonts')
      .select('id')
      .where(sql<string>`lower(font_family)`, '=', family.toLowerCase());
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async nextPosition(db: Kysely<DB>): Promise<number> {
    const row = await db
      .selectFrom('fonts')
      .select(sql<number>`coalesce(max(position), 0)`.as('top'))
      .executeTakeFirstOrThrow();
    return Number(row.top) + 1;
  }

  /** How many people's nicks use the font. */
  async users(id: number, db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb('nick_style', 'like', `%"font_id":${id},%`),
          eb('nick_style', 'like', `%"font_id":${id}}%`),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(db: Kysely<DB>, values: Omit<FontRow, 'id'>): Promise<FontRow> {
    return db.insertInto('fonts').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** The row as changed, or undefined when it changed since `seen` (or is gone). */
  update(
    db: Kysely<DB>,
    id: number,
    seen: string | null,
    values: Partial<Omit<FontRow, 'id'>>,
  ): Promise<FontRow | undefined> {
    let query = db.updateTable('fonts').set(values).where('id', '=', id);
    if (seen !== null) query = query.where('updated_at', '=', seen);
    return query.returningAll().executeTakeFirst();
  }

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('fonts').where('id', '=', id).execute();
  }
}
