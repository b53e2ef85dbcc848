import type { Kysely, Updateable } from 'kysely';
import type { DB, GiftRow, GiftsTable } from '../../../db/schema';

export type GiftWithSent = GiftRow & { sent: number };

/** The SQL of the gift catalogue as admins edit it (features/economy reads and sells it). */
export class AdminGiftsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every gift, withdrawn ones too, in the shop's order, each with how often it was sent. */
  async all(): Promise<GiftWithSent[]> {
    const rows = await this.db
      .selectFrom('gifts')
      .selectAll('gifts')
      .select((eb) =>
        eb
          .selectFrom('user_gifts')
          .whereRef('user_gifts.gift_id', '=', 'gifts.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('sent'),
      )
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, sent: Number(r.sent ?? 0) }));
  }

  async find(db: Kysely<DB>, id: number): Promise<GiftWithSent | undefined> {
    const row = await db.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, sent: await this.sentCount(db, id) };
  }

  async sentCount(db: Kysely<DB>, id: number): Promise<number> {
    const row = await db
      .selectFrom('user_gifts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('gift_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async nextPosition(db: Kysely<DB>): Promise<number> {
    const row = await db
      .selectFrom('gifts')
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    return Number(row?.p ?? 0) + 1;
  }

  /** Whether some gift already shows this picture (`file` is unique). */
  async fileTaken(db: Kysely<DB>, file: string): Promise<boolean> {
    return !!(await db
      .selectFrom('gifts')
      .select('id')
      .where('file', '=', file)
      .executeTakeFirst());
  }

  /** The storage key of the caller's own complete upload, else undefined. */
  async uploadedPicture(db: Kysely<DB>, userId: number, id: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('attachments')
      .select('file_key')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', 'complete')
      .executeTakeFirst();
    return row?.file_key ?? undefined;
  }

  async insert(db: Kysely<DB>, values: Omit<GiftRow, 'id'>): Promise<GiftRow> {
    return db.insertInto('gifts').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Only if nobody changed it since `seen` was read: undefined otherwise. */
  async update(
    db: Kysely<DB>,
    id: number,
    seen: string,
    values: Updateable<GiftsTable>,
  ): Promise<GiftRow | undefined> {
    return db
      .updateTable('gifts')
      .set(values)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('gifts').where('id', '=', id).execute();
  }
}
