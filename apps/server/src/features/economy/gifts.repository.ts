import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB, GiftRow, UserGiftRow } from '../../db/schema';
import type { Bought } from './ledger.service';

export type UserGiftInsert = Omit<UserGiftRow, 'id' | 'hidden' | 'text_removed_at'>;

/**
 * A sent gift's columns as stored, with their PostgreSQL types (an INSERT … SELECT does not
 * type its parameters by the columns); typed by the row, so a new column cannot be missed.
 */
const SENT: Record<keyof UserGiftInsert, string> = {
  gift_id: 'integer',
  sender_id: 'integer',
  recipient_id: 'integer',
  price: 'integer',
  text: 'text',
  anonymous: 'integer',
  private: 'integer',
  created_at: 'timestamptz',
};
const SENT_COLUMNS = Object.keys(SENT) as (keyof UserGiftInsert)[];
/** SQLite's insert of a sent gift, in a grouped unit. */
const INSERT_SENT = `insert into user_gifts (${SENT_COLUMNS.join(', ')})
  values (${SENT_COLUMNS.map(() => '?').join(', ')}) returning *`;

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

  /**
   * A sent gift's row, stored by the ledger's purchase in the transaction of its debit, either
   * way that transaction runs (LedgerService.purchase).
   */
  sentGift(values: UserGiftInsert): Bought<UserGiftRow> {
    return {
      insert: (tx) => tx.insertInto('user_gifts').values(values).returningAll(),
      insertWhen: (tx, when: Expression<SqlBool>) =>
        tx
          .insertInto('user_gifts')
          .columns(SENT_COLUMNS)
          .expression(
            sql`select ${sql.join(SENT_COLUMNS.map((c) => sql`cast(${values[c]} as ${sql.raw(SENT[c])})`))} where ${when}`,
          )
          .returningAll(),
      storeNative: ({ prepare }) =>
        prepare(INSERT_SENT).get(...SENT_COLUMNS.map((c) => values[c])) as UserGiftRow,
    };
  }

  sent(id: number): Promise<UserGiftRow | undefined> {
    return this.db.selectFrom('user_gifts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * What a person received, newest first; private ones and those the recipient hid only for
   * the recipient (`own`, access/gift.policy.ts canSee).
   */
  received(recipientId: number, own: boolean, limit: number): Promise<UserGiftRow[]> {
    let query = this.db
      .selectFrom('user_gifts')
      .selectAll()
      .where('recipient_id', '=', recipientId);
    if (!own) query = query.where('private', '=', 0).where('hidden', '=', 0);
    return query.orderBy('id', 'desc').limit(limit).execute();
  }

  /** The recipient takes a gift off their profile or puts it back. */
  async setHidden(id: number, hidden: boolean): Promise<UserGiftRow | undefined> {
    return this.db
      .updateTable('user_gifts')
      .set({ hidden: hidden ? 1 : 0 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A moderator clears a gift's text, with its log entry in the same transaction (`also`);
   * undefined when it had no text left (someone else removed it first).
   */
  async removeText(
    id: number,
    at: string,
    also: (trx: Kysely<DB>) => Promise<void>,
  ): Promise<UserGiftRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('user_gifts')
        .set({ text: null, text_removed_at: at })
        .where('id', '=', id)
        .where('text', 'is not', null)
        .returningAll()
        .executeTakeFirst();
      if (row) await also(trx);
      return row;
    });
  }
}
