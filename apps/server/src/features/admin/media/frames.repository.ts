import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, FramesTable } from '../../../db/schema';

export type FrameRecord = Selectable<FramesTable> & { wearers: number };

/** The frames catalogue as the admin area edits it; every call takes the unit's `db`. */
export class FramesRepository {
  private withWearers(db: Kysely<DB>) {
    return db
      .selectFrom('frames')
      .selectAll('frames')
      .select((eb) =>
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('users.frame_id', '=', 'frames.id')
          .as('wearers'),
      );
  }

  async list(db: Kysely<DB>): Promise<FrameRecord[]> {
    const rows = await this.withWearers(db).orderBy('position').orderBy('id').execute();
    return rows.map((r) => ({ ...r, wearers: Number(r.wearers ?? 0) }));
  }

  async find(db: Kysely<DB>, id: number): Promise<FrameRecord | undefined> {
    const row = await this.withWearers(db).where('frames.id', '=', id).executeTakeFirst();
    return row && { ...row, wearers: Number(row.wearers ?? 0) };
  }

  async insert(db: Kysely<DB>, values: Insertable<FramesTable>): Promise<number> {
    const { id } = await db
      .insertInto('frames')
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
    patch: Updateable<FramesTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('frames')
      .set(patch)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('frames').where('id', '=', id).execute();
  }

  /** Those who wear the frame see its new picture (users.frame keeps the URL). */
  async repointWearers(db: Kysely<DB>, id: number, url: string): Promise<void> {
    await db.updateTable('users').set({ frame: url }).where('frame_id', '=', id).execute();
  }
}
