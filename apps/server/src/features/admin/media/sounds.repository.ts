import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { SoundsTable } from '../../../db/admin-media-schema';
import type { DB } from '../../../db/schema';

export type SoundRow = Selectable<SoundsTable>;

/** The sounds catalogue; every call takes the unit's `db` (or the plain one for reads). */
export class SoundsRepository {
  list(db: Kysely<DB>, activeOnly = false): Promise<SoundRow[]> {
    let query = db.selectFrom('sounds').selectAll();
    if (activeOnly) query = query.where('active', '=', 1);
    return query.orderBy('position').orderBy('id').execute();
  }

  find(db: Kysely<DB>, id: number): Promise<SoundRow | undefined> {
    return db.selectFrom('sounds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(db: Kysely<DB>, values: Insertable<SoundsTable>): Promise<number> {
    const { id } = await db
      .insertInto('sounds')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Writes only if nobody changed the row since `seen`; false when someone did. */
  async update(
    db: Kysely<DB>,
    id: number,
    seen: string,
    patch: Updateable<SoundsTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('sounds')
      .set(patch)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Unsets the kind's current default (other than `keep`): the caller sets the new one in the
   * same transaction, so a kind never has two. Answers the sound that lost it, if any.
   */
  async clearDefault(
    db: Kysely<DB>,
    kind: string,
    keep: number | null,
    at: string,
  ): Promise<number | null> {
    let query = db
      .updateTable('sounds')
      .set({ default_for: null, updated_at: at })
      .where('default_for', '=', kind);
    if (keep !== null) query = query.where('id', '<>', keep);
    const rows = await query.returning('id').execute();
    return rows[0]?.id ?? null;
  }

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('sounds').where('id', '=', id).execute();
  }
}
