import {
  CompiledQuery,
  sql,
  type Compilable,
  type Expression,
  type Kysely,
  type OperationNodeSource,
  type SqlBool,
} from 'kysely';
import type { DB, LedgerRow } from '../../db/schema';
import type { NativeSqlite } from '../../db/sqlite-native';
import { newestFirstPage } from '../../lib/paging';
import type { Wallet } from '@chat/shared';

export type LedgerInsert = Omit<LedgerRow, 'id'>;

/** An insert returning the stored row, as a purchase takes it in (storeAndLock, storeAndSpend). */
export type Insertion<R> = Compilable<R> & OperationNodeSource;

/** What a debit writes (LedgerRepository.spend). */
export interface Spend {
  userId: number;
  opKey: string | null;
  /** The wallet as read under the transaction's lock, and as the debit leaves it. */
  before: Wallet;
  after: Wallet;
  /** The operation's rows, in order (the bonus's first). */
  rows: LedgerInsert[];
}

/** What a purchase takes (storeAndSpend): the price and its ledger rows' other columns. */
export interface SpendOrder {
  userId: number;
  amount: number;
  balanceOnly: boolean;
  reason: string;
  refType: string | null;
  counterpartId: number | null;
  opKey: string | null;
  /** The rows' created_at, ISO. */
  at: string;
}

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
   * A purchase's row stored (`insert`, returning it), then the buyer's wallet locked and read,
   * where a purchase is not one statement (storeAndSpend) nor a grouped unit: SQLite under a
   * unit of work that does not group. The wallet is undefined when the buyer is not there.
   */
  async storeAndLock<R>(
    tx: Kysely<DB>,
    insert: Insertion<R>,
    userId: number,
  ): Promise<{ row: R; wallet: Wallet | undefined }> {
    const [row] = (await tx.executeQuery(insert.compile())).rows;
    if (!row) throw new Error('ledger: the purchase stored nothing');
    return { row, wallet: await this.lockWallet(tx, userId) };
  }

  /** Whether a purchase is one statement here (storeAndSpend): PostgreSQL. */
  get spendsInOneStatement(): boolean {
    return this.postgres;
  }

  /**
   * A purchase on PostgreSQL in one statement, its own transaction: the buyer's wallet locked,
   * the price taken (bonus first unless `balanceOnly`, as splitSpend does), the bought row
   * stored only if it was (`insertWhen`), and the ledger rows written naming that row. Under
   * contention the wallet's lock is what orders purchases, and here it is held only inside the
   * database for that one statement, not across the event-loop turns of a statement per step
   * and a commit (each awaited behind every other request the server is answering). `found` is
   * false when the buyer is not there; `bought` null when the coins do not cover the price
   * (then nothing was written). A copy of the operation (its key) fails on the ledger's unique
   * index (user, key, part), whichever committed first, and takes the whole statement back.
   */
  async storeAndSpend<R>(
    db: Kysely<DB>,
    insertWhen: (when: Expression<SqlBool>) => Insertion<R>,
    order: SpendOrder,
  ): Promise<{ found: boolean; bought: { row: R; wallet: Wallet } | null }> {
    const { userId, amount, opKey, at } = order;
    const usable = order.balanceOnly ? sql`0` : sql`bonus`;
    const price = sql`cast(${amount} as integer)`;
    // The reason, what it refers to (the bought row) and the other person, as both rows name them.
    const named = sql`${typed('reason', order.reason)}, ${typed('ref_type', order.refType)},
      bought.id, ${typed('counterpart_id', order.counterpartId)}`;
    const { rows } = await sql<
      R & { w_found: boolean; w_balance: number | null; w_bonus: number | null }
    >`
      with wallet as (
        select id, balance, bonus from users where id = ${userId} for no key update
      ), plan as (
        select id, balance, least(${usable}, ${price}) as from_bonus
        from wallet where balance + ${usable} >= ${price}
      ), spent as (
        update users set bonus = users.bonus - plan.from_bonus,
          balance = users.balance - (${price} - plan.from_bonus)
        from plan where users.id = plan.id
        returning users.balance, users.bonus, plan.from_bonus, plan.balance as before_balance
      ), bought as (${insertWhen(sql<SqlBool>`exists (select 1 from spent)`)}), written as (
        insert into ledger (${sql.raw(LEDGER_COLUMNS.join(', '))})
        select ${typed('user_id', userId)}, -spent.from_bonus, 'bonus', ${named},
          spent.before_balance, spent.bonus, ${typed('op_key', opKey)}, ${typed('created_at', at)}
        from spent, bought where spent.from_bonus > 0
        union all
        select ${typed('user_id', userId)}, spent.from_bonus - ${price}, 'balance',
          ${named}, spent.balance, spent.bonus, ${typed('op_key', opKey)}, ${typed('created_at', at)}
        from spent, bought where spent.from_bonus < ${price}
      )
      select bought.*, exists (select 1 from wallet) as w_found,
        spent.balance as w_balance, spent.bonus as w_bonus
      from (select 1) as one left join spent on true left join bought on true`.execute(db);
    const [first] = rows;
    if (!first) throw new Error('ledger: the purchase answered nothing');
    const { w_found: found, w_balance: balance, w_bonus: bonus, ...row } = first;
    if (balance === null || bonus === null) return { found, bought: null };
    return { found, bought: { row: row as R, wallet: { balance, bonus } } };
  }

  /**
   * A debit of a wallet this transaction holds locked, with its ledger rows, unless the user's
   * key is in the ledger already (`replayed`: nothing written). The wallet is set to `after`
   * only if it still holds `before`: under the lock it does, and one that does not is a bug,
   * thrown rather than written beside rows that disagree with it. On PostgreSQL one statement,
   * so the lock is held for one round trip more, not three; on SQLite, where a transaction is
   * alone anyway, three.
   */
  async spend(tx: Kysely<DB>, spend: Spend): Promise<LedgerRow[] | 'replayed'> {
    if (this.postgres) return spendOnPostgres(tx, spend);
    const { userId, opKey, before, after } = spend;
    if (opKey && (await this.hasOperation(tx, userId, opKey))) return 'replayed';
    const result = await tx
      .updateTable('users')
      .set({ balance: after.balance, bonus: after.bonus })
      .where('id', '=', userId)
      .where('balance', '=', before.balance)
      .where('bonus', '=', before.bonus)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw walletMoved(userId);
    return this.insert(tx, spend.rows);
  }

  /**
   * The same reads and writes on SQLite's raw connection, for a grouped unit (the purchases':
   * UnitOfWork.runGrouped), whose transaction is the connection's only one: the wallet needs
   * no lock, and a copy of the operation committed earlier, or stored earlier in the same
   * group, is in the ledger by the time `spendOn` looks.
   */
  walletOn({ prepare }: NativeSqlite, userId: number): Wallet | undefined {
    return prepare(SQLITE.wallet).get(userId) as Wallet | undefined;
  }

  hasOperationOn({ prepare }: NativeSqlite, userId: number, opKey: string): boolean {
    return prepare(SQLITE.hasOperation).get(userId, opKey) !== undefined;
  }

  spendOn(native: NativeSqlite, spend: Spend): LedgerRow[] | 'replayed' {
    const { userId, opKey, before, after } = spend;
    if (opKey && this.hasOperationOn(native, userId, opKey)) return 'replayed';
    const { changes } = native
      .prepare(SQLITE.spend)
      .run(after.balance, after.bonus, userId, before.balance, before.bonus);
    if (changes !== 1) throw walletMoved(userId);
    const insert = native.prepare(SQLITE.insert);
    return spend.rows.map((row) => insert.get(...LEDGER_COLUMNS.map((c) => row[c])) as LedgerRow);
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

const walletMoved = (userId: number) =>
  new Error(`ledger: the wallet of user ${userId} changed under its lock`);

/**
 * PostgreSQL types of a ledger row's columns: parameters in an INSERT … SELECT are not typed by
 * the target columns, so each is cast. Typed by the row, so a new column cannot be missed here.
 */
const PG_TYPES: Record<keyof LedgerInsert, string> = {
  user_id: 'integer',
  amount: 'integer',
  part: 'varchar(8)',
  reason: 'varchar(24)',
  ref_type: 'varchar(16)',
  ref_id: 'integer',
  counterpart_id: 'integer',
  balance_after: 'integer',
  bonus_after: 'integer',
  op_key: 'varchar(96)',
  created_at: 'timestamptz',
};
const LEDGER_COLUMNS = Object.keys(PG_TYPES) as (keyof LedgerInsert)[];

/** A parameter cast to its ledger column's type (INSERT … SELECT does not type it). */
const typed = (column: keyof LedgerInsert, value: unknown) =>
  sql`cast(${value} as ${sql.raw(PG_TYPES[column])})`;

/** The grouped unit's statements (`…On`), prepared once. */
const SQLITE = {
  wallet: 'select balance, bonus from users where id = ?',
  hasOperation: 'select 1 from ledger where user_id = ? and op_key = ? limit 1',
  spend: 'update users set balance = ?, bonus = ? where id = ? and balance = ? and bonus = ?',
  insert: `insert into ledger (${LEDGER_COLUMNS.join(', ')})
    values (${LEDGER_COLUMNS.map(() => '?').join(', ')}) returning *`,
};

/**
 * The debit in one statement, for an operation of `rowCount` rows: $1 the user, $2 the key,
 * $3 and $4 the wallet after (balance, bonus), $5 and $6 before, then the rows' columns. Run
 * after the lock was granted, its snapshot sees every copy of the operation that committed
 * before (the key's check must not share the locking statement: that one's snapshot is older
 * than the wait for the lock).
 */
const postgresSpend = (rowCount: number): string => {
  let n = 6;
  const values = Array.from(
    { length: rowCount },
    () => `(${LEDGER_COLUMNS.map((c) => `cast($${++n} as ${PG_TYPES[c]})`).join(', ')})`,
  );
  const columns = LEDGER_COLUMNS.join(', ');
  return `with seen as (
      select exists (select 1 from ledger where user_id = $1 and op_key = $2) as replayed
    ), spent as (
      update users set balance = $3, bonus = $4
      where id = $1 and balance = $5 and bonus = $6 and not (select replayed from seen)
      returning id
    ), written as (
      insert into ledger (${columns})
      select * from (values ${values.join(', ')}) as v (${columns})
      where exists (select 1 from spent)
      returning *
    )
    select seen.replayed, exists (select 1 from spent) as spent, written.*
    from seen left join written on true`;
};
/** An operation writes one row, or two when it takes from both parts. */
const POSTGRES_SPEND = [postgresSpend(1), postgresSpend(2)];

async function spendOnPostgres(tx: Kysely<DB>, spend: Spend): Promise<LedgerRow[] | 'replayed'> {
  const { userId, opKey, before, after, rows } = spend;
  const text = POSTGRES_SPEND[rows.length - 1];
  if (!text) throw new Error(`ledger: an operation of ${rows.length} rows`);
  const parameters = [
    userId,
    opKey,
    after.balance,
    after.bonus,
    before.balance,
    before.bonus,
    ...rows.flatMap((row) => LEDGER_COLUMNS.map((c) => row[c])),
  ];
  const result = await tx.executeQuery<
    { replayed: boolean; spent: boolean } & (LedgerRow | { [K in keyof LedgerRow]: null })
  >(CompiledQuery.raw(text, parameters));
  const [first] = result.rows;
  if (!first) throw new Error('ledger: the debit answered nothing');
  if (first.replayed) return 'replayed';
  if (!first.spent) throw walletMoved(userId);
  return result.rows
    .map(({ replayed: _, spent: __, ...row }) => row as LedgerRow)
    .sort((a, b) => a.id - b.id);
}
