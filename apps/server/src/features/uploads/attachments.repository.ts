import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AttachmentRow, AttachmentsTable, DB } from '../../db/schema';

export class AttachmentsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(
    row: Insertable<AttachmentsTable>,
    db: Kysely<DB> = this.db,
  ): Promise<AttachmentRow> {
    return db.insertInto('attachments').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async find(id: number): Promise<AttachmentRow | undefined> {
    return this.db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findMany(ids: readonly number[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('attachments').selectAll().where('id', 'in', ids).execute();
  }

  /** Updates a row still `in-process` (a finished one is never changed twice). */
  async finish(
    id: number,
    values: Updateable<AttachmentsTable>,
  ): Promise<AttachmentRow | undefined> {
    return this.db
      .updateTable('attachments')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'in-process')
      .returningAll()
      .executeTakeFirst();
  }

  async link(
    ids: readonly number[],
    kind: string,
    refId: number,
    now: string,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    if (ids.length === 0) return;
    await db
      .insertInto('attachment_links')
      .values(ids.map((id) => ({ attachment_id: id, kind, ref_id: refId, created_at: now })))
      .onConflict((oc) => oc.columns(['attachment_id', 'kind', 'ref_id']).doNothing())
      .execute();
  }

  async linksOf(id: number): Promise<{ kind: string; ref_id: number }[]> {
    return this.db
      .selectFrom('attachment_links')
      .select(['kind', 'ref_id'])
      .where('attachment_id', '=', id)
      .execute();
  }
}
