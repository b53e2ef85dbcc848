import { sql, type Kysely } from 'kysely';
import type { DB, LedgerRow } from '../../db/schema';
import { newestFirstPage } from '../../lib/paging';
import type { Wallet } from '@chat/shared';

export type LedgerInsert = Omit<LedgerRow, 'id'>;

/** A user whose live totals differ from the sums of their ledger rows. */
export interface LedgerMismatch {
  userId: number;
  balance: number;
  bonus: number;
  ledgerBalance: number;
  ledgerBonus: number;
}

/**
 * The SQL of the ledger. Methods that write take the transaction's Kysely (`tx`) so that the
 * wallet update and its rows commit or roll back together.
 */
export class LedgerRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly postgres: boolean,
  ) {}

  /**
   * The wallet as the transaction sees it. On PostgreSQL the row is locked until commit, so
   * concurrent operations on one wallet take turns; SQLite's write transaction is serial anyway.
   * `FOR NO KEY UPDATE`, not `FOR UPDATE`: inserting a row that references a user (a gift to
   * them, a ledger row naming them) takes a key-share lock on their row, which `FOR UPDATE`
   * would block — two people gifting each other at once would deadlock.
   */
  async lockWallet(tx: Kysely<DB>, userId: number): Promise<Wallet | undefined> {
    let query = tx.selectFrom('users').select(['balance', 'bonus']).where('id', '=', userId);
    if (this.postgres) query = query.forNoKeyUpdate();
    return query.executeTakeFirst();
  }

  /**
   * The one conditional debit: neither part can go below zero whatever ran in between. Returns
   * the wallet after, or undefined when the condition failed (not enough).
   */
  async debit(
    tx: Kysely<DB>,
    userId: number,
    fromBonus: number,
    fromBalance: number,
  ): Promise<Wallet | undefined> {
    return tx
      .updateTable('users')
      .set({
        bonus: sql<number>`bonus - ${fromBonus}`,
        balance: sql<number>`balance - ${fromBalance}`,
      })
      .where('id', '=', userId)
      .where('bonus', '>=', fromBonus)
      .where('balance', '>=', fromBalance)
      .returning(['balance', 'bonus'])
      .executeTakeFirst();
  }

  async credit(
    tx: Kysely<DB>,
    userId: number,
    part: 'balance' | 'bonus',
    amount: number,
  ): Promise<Wallet | undefined> {
    const column = part === 'balance' ? ('balance' as const) : ('bonus' as const);
    return tx
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', amount) }))
      .where('id', '=', userId)
      .returning(['balance', 'bonus'])
      .executeTakeFirst();
  }

  async insert(tx: Kysely<DB>, rows: LedgerInsert[]): Promise<LedgerRow[]> {
    if (rows.length === 0) return [];
    return tx.insertInto('ledger').values(rows).returningAll().execute();
  }

  /**
   * The rows of one operation of a user (one or two: a part each), oldest first. Sorted here,
   * not in SQL: with `order by id`, SQLite's planner (no statistics) walks the user's whole
   * history through ledger_user (user_id, id) to skip the sort, instead of the two entries of
   * ledger_op_key (user_id, op_key, part).
   */
  async operation(userId: number, opKey: string): Promise<LedgerRow[]> {
    const rows = await this.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('op_key', '=', opKey)
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Whether the user has an operation with this key: one entry of ledger_op_key. */
  async hasOperation(tx: Kysely<DB>, userId: number, opKey: string): Promise<boolean> {
    const row = await tx
      .selectFrom('ledger')
      .select('id')
      .where('user_id', '=', userId)
      .where('op_key', '=', opKey)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async wallet(userId: number): Promise<Wallet | undefined> {
    return this.db
      .selectFrom('users')
      .select(['balance', 'bonus'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** One page of a user's rows, newest first, with the count of all of them. */
  page(
    userId: number,
    page: number,
    perPage: number,
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    return newestFirstPage(
      this.db.selectFrom('ledger').where('user_id', '=', userId),
      page,
      perPage,
    );
  }

  /**
   * Every user whose totals are not the sums of their ledger rows (a user without rows must have
   * zero in both parts). One pass over both tables; read-only.
   */
  async mismatches(): Promise<LedgerMismatch[]> {
    const sums = this.db
      .selectFrom('ledger')
      .select([
        'user_id',
        sql<number>`sum(case when part = 'balance' then amount else 0 end)`.as('ledger_balance'),
        sql<number>`sum(case when part = 'bonus' then amount else 0 end)`.as('ledger_bonus'),
      ])
      .groupBy('user_id')
      .as('s');
    const rows = await this.db
      .selectFrom('users')
      .leftJoin(sums, 's.user_id', 'users.id')
      .select([
        'users.id',
        'users.balance',
        'users.bonus',
        sql<number>`coalesce(s.ledger_balance, 0)`.as('ledger_balance'),
        sql<number>`coalesce(s.ledger_bonus, 0)`.as('ledger_bonus'),
      ])
      .where((eb) =>
        eb.or([
          eb('users.balance', '!=', sql<number>`coalesce(s.ledger_balance, 0)`),
          eb('users.bonus', '!=', sql<number>`coalesce(s.ledger_bonus, 0)`),
        ]),
      )
      .orderBy('users.id')
      .execute();
    return rows.map((r) => ({
      userId: r.id,
      balance: Number(r.balance),
      bonus: Number(r.bonus),
      ledgerBalance: Number(r.ledger_balance),
      ledgerBonus: Number(r.ledger_bonus),
    }));
  }
}
