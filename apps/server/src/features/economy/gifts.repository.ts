import type { Kysely } from 'kysely';
import type { DB, GiftRow, UserGiftRow } from '../../db/schema';

export type UserGiftInsert = Omit<UserGiftRow, 'id'>;

/** The SQL of the gift catalogue and of sent gifts. */
export class GiftsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The catalogue as offered: active gifts in their order. */
  active(): Promise<GiftRow[]> {
    return this.db
      .selectFrom('gifts')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  find(id: number): Promise<GiftRow | undefined> {
    return this.db.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Any gifts, inactive ones too (a sent gift keeps its picture after it leaves the shop). */
  async many(ids: number[]): Promise<GiftRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('gifts').selectAll().where('id', 'in', ids).execute();
  }

  /** Inside the ledger's transaction (`tx`), so the gift and its debit commit together. */
  insertSent(tx: Kysely<DB>, values: UserGiftInsert): Promise<UserGiftRow> {
    return tx.insertInto('user_gifts').values(values).returningAll().executeTakeFirstOrThrow();
  }

  sent(id: number): Promise<UserGiftRow | undefined> {
    return this.db.selectFrom('user_gifts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** What a person received, newest first; private ones only when asked for. */
  received(recipientId: number, withPrivate: boolean, limit: number): Promise<UserGiftRow[]> {
    let query = this.db
      .selectFrom('user_gifts')
      .selectAll()
      .where('recipient_id', '=', recipientId);
    if (!withPrivate) query = query.where('private', '=', 0);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }
}
