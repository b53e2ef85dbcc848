import { sql, type Kysely } from 'kysely';
import type { CoinTransfersTable, DB, InvoiceRow } from '../../db/schema';
import { newestFirstPage } from '../../lib/paging';
import type { Insertable, Selectable } from 'kysely';

export type CoinTransferRow = Selectable<CoinTransfersTable>;

/** The SQL of the balance page, the daily bonus and coins given to others. */
export class BalanceRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A user's invoices, newest first, with their count. */
  invoices(
    userId: number,
    page: number,
    perPage: number,
  ): Promise<{ rows: InvoiceRow[]; total: number }> {
    return newestFirstPage(
      this.db.selectFrom('invoices').where('user_id', '=', userId),
      page,
      perPage,
    );
  }

  async hasClaimed(userId: number, day: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('daily_bonus_claims')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The day's claim; the primary key (user, day) refuses a second one, whatever the timing. */
  async insertClaim(tx: Kysely<DB>, userId: number, day: string, amount: number, at: string) {
    await tx
      .insertInto('daily_bonus_claims')
      .values({ user_id: userId, day, amount, created_at: at })
      .execute();
  }

  insertTransfer(tx: Kysely<DB>, row: Insertable<CoinTransfersTable>): Promise<CoinTransferRow> {
    return tx.insertInto('coin_transfers').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Coins the sender gave on one Moscow day (read inside the transaction that adds to it). */
  async givenOn(tx: Kysely<DB>, senderId: number, day: string): Promise<number> {
    const row = await tx
      .selectFrom('coin_transfers')
      .select(sql<number>`coalesce(sum(amount), 0)`.as('n'))
      .where('sender_id', '=', senderId)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findTransfer(id: number): Promise<CoinTransferRow | undefined> {
    return this.db.selectFrom('coin_transfers').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
