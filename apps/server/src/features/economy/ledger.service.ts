import {
  splitSpend,
  total,
  type LedgerPart,
  type LedgerReason,
  type PageMeta,
  type Wallet,
  type WalletWire,
} from '@chat/shared';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { DB, LedgerRow } from '../../db/schema';
import type { NativeSqlite } from '../../db/sqlite-native';
import type { GroupedUnitTx, UnitOfWork, UnitTx } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { pageMeta } from '../../lib/paging';
import type { JobPayloads } from '../jobs/job-queue';
import type {
  Insertion,
  LedgerInsert,
  LedgerMismatch,
  LedgerRepository,
  Spend,
} from './ledger.repository';

export const LEDGER_PAGE = 20;

interface Movement {
  userId: number;
  amount: number;
  reason: LedgerReason;
  /** What the movement belongs to (`invoice`, `gift`, `premium`, `coins`, `bonus`) and its id. */
  refType?: string | null;
  refId?: number | null;
  /** The other person of a gift or coins (null when they must stay unknown, e.g. anonymous). */
  counterpartId?: number | null;
  /**
   * The operation's idempotency key within this user: a second operation with the same key
   * throws OperationReplayed (and its transaction rolls back); see LedgerService.findOperation.
   */
  opKey?: string | null;
}

export interface DebitInput extends Movement {
  /** Coins given to another person come from the balance only, never from the bonus. */
  balanceOnly?: boolean;
}

export interface CreditInput extends Movement {
  part: LedgerPart;
}

/** What one debit or credit did: the wallet after it and the rows it wrote. */
export interface LedgerResult {
  wallet: WalletWire;
  rows: LedgerRow[];
}

/**
 * What a purchase stores besides its debit (LedgerService.purchase), written the way the
 * purchase's transaction runs: through the unit's Kysely, or synchronously on SQLite's raw
 * connection in a grouped unit. Its id is the ledger rows' `ref_id`.
 */
export interface Bought<R extends { id: number }> {
  /** Its insert, returning the row, on the unit's Kysely (a unit of work that does not group). */
  insert(db: Kysely<DB>): Insertion<R>;
  /** The same insert made only `when` the condition holds (PostgreSQL's one statement). */
  insertWhen(db: Kysely<DB>, when: Expression<SqlBool>): Insertion<R>;
  storeNative(native: NativeSqlite): R;
}

/**
 * The work of one `run`: a unit of work (write the operation's own rows through `db`, its
 * jobs through `enqueue`) with the wallet operations inside it.
 */
export interface LedgerTx extends UnitTx<JobPayloads> {
  debit(input: DebitInput): Promise<WalletWire>;
  credit(input: CreditInput): Promise<WalletWire>;
  /** Like debit/credit, with the ledger rows written (e.g. to answer the entry just made). */
  debitRows(input: DebitInput): Promise<LedgerResult>;
  creditRows(input: CreditInput): Promise<LedgerResult>;
  /**
   * Locks wallets (in id order: coins from A to B while B sends to A must not deadlock) and
   * reads them: the debits and credits of this transaction start from what was read here
   * instead of reading again. A wallet not locked first is locked by its first operation.
   */
  lock(userIds: number[]): Promise<void>;
}

/** An operation whose opKey this user already used: answer the first one (findOperation). */
export class OperationReplayed extends Error {
  constructor(
    readonly userId: number,
    readonly opKey: string,
  ) {
    super(`ledger operation ${opKey} of user ${userId} already done`);
  }
}

/** A past operation found by its key: its rows (oldest first) and what it referred to. */
export interface LedgerOperation {
  rows: LedgerRow[];
  /** Signed sum over the parts (a spend is negative). */
  amount: number;
  reason: string;
  refType: string | null;
  refId: number | null;
  counterpartId: number | null;
  createdAt: string;
}

export const notEnoughCoins = () =>
  new AppError('validation', {
    messageKey: 'balance.not_enough',
    errors: { balance: ['balance.not_enough'] },
  });

export const toWalletWire = (w: Wallet): WalletWire => ({
  balance: Number(w.balance),
  bonus: Number(w.bonus),
  total: total({ balance: Number(w.balance), bonus: Number(w.bonus) }),
});

/**
 * Every movement of coins. A spend is one conditional UPDATE that cannot take either part below
 * zero, in the same transaction as its ledger rows, so `users.balance`/`users.bonus` always equal
 * the ledger's sums (`check()`, the ops command and every economy test verify it).
 */
export class LedgerService {
  /**
   * Per transaction, the wallets locked in it as they now are: read once under the lock, then
   * replaced by what each debit or credit returns. While the lock is held nobody else can
   * change them (on SQLite the transaction holds the only connection), so reading again would
   * only repeat this. Keyed by the transaction, so ledger work joined to a running unit
   * (`run(work, within)`) shares it.
   */
  private readonly lockedWallets = new WeakMap<Kysely<DB>, Map<number, Wallet>>();

  constructor(
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly repo: LedgerRepository,
  ) {}

  /**
   * One unit of work (or a part of `within`, a unit already running). After it commits,
   * `wallet.changed` goes out for every wallet the work touched, with what it holds at the end
   * (never for a rolled-back one).
   */
  async run<T>(
    work: (tx: LedgerTx) => Promise<T>,
    within?: UnitTx<JobPayloads> | null,
  ): Promise<T> {
    return this.units.run(async (unit) => {
      const touched = new Map<number, WalletWire>();
      const result = await work(this.txOf(unit, touched));
      for (const [userId, wallet] of touched) unit.emit('wallet.changed', { userId, wallet });
      return result;
    }, within);
  }

  /**
   * Something bought with coins: `bought` stored, then its price debited from `debit.userId`,
   * with the ledger rows naming it (`ref_id`), in one transaction; `afterCommit` once that
   * commits (its failure is logged, not the purchase's). On SQLite the transaction is a grouped
   * unit (UnitOfWork.runGrouped): the purchases of one turn share a commit, and each runs its
   * few statements without awaiting any. On PostgreSQL one statement, its own transaction
   * (UnitOfWork.runAlone), stores, locks and debits (LedgerRepository.storeAndSpend): the
   * wallet's lock lasts as long as that statement, and a purchase that finds too few coins
   * stores nothing. Elsewhere (a unit of work that does not group) the row stored and the wallet
   * locked, then the debit and the commit. A copy of an operation (its key) throws
   * OperationReplayed.
   */
  async purchase<R extends { id: number }>(
    debit: Omit<DebitInput, 'refId'>,
    bought: Bought<R>,
    afterCommit?: (row: R) => unknown,
  ): Promise<{ row: R; wallet: WalletWire }> {
    assertAmount(debit.amount);
    if (this.repo.spendsInOneStatement)
      return this.units.runAlone(async (tx) => {
        const order = {
          userId: debit.userId,
          amount: debit.amount,
          balanceOnly: debit.balanceOnly === true,
          reason: debit.reason,
          refType: debit.refType ?? null,
          counterpartId: debit.counterpartId ?? null,
          opKey: debit.opKey ?? null,
          at: nowIso(),
        };
        const done = await this.keyed(debit, () =>
          this.repo.storeAndSpend(tx.db, (when) => bought.insertWhen(tx.db, when), order),
        );
        if (!done.found) throw new AppError('not_found');
        if (!done.bought) {
          // A copy of the operation that took the last coins answers the first, not "not enough".
          await this.guardReplay(tx.db, debit);
          throw notEnoughCoins();
        }
        const wallet = toWalletWire(done.bought.wallet);
        tx.emit('wallet.changed', { userId: debit.userId, wallet });
        const row = done.bought.row;
        if (afterCommit) tx.afterCommit(() => afterCommit(row));
        return { row, wallet };
      });
    if (!this.units.grouped)
      return this.run(async (tx) => {
        // The row stored, then the wallet locked and read; the debit starts from what was read.
        const stored = await this.repo.storeAndLock(tx.db, bought.insert(tx.db), debit.userId);
        if (!stored.wallet) throw new AppError('not_found');
        this.walletsLockedIn(tx.db).set(debit.userId, stored.wallet);
        const wallet = await tx.debit({ ...debit, refId: stored.row.id });
        if (afterCommit) tx.afterCommit(() => afterCommit(stored.row));
        return { row: stored.row, wallet };
      });
    return this.units.runGrouped((tx) => {
      const row = bought.storeNative(tx.native);
      const wallet = this.debitGrouped(tx, { ...debit, refId: row.id });
      if (afterCommit) tx.afterCommit(() => afterCommit(row));
      return { row, wallet };
    });
  }

  private walletsLockedIn(db: Kysely<DB>): Map<number, Wallet> {
    const wallets = this.lockedWallets.get(db) ?? new Map<number, Wallet>();
    this.lockedWallets.set(db, wallets);
    return wallets;
  }

  /** `debitRows` in a grouped unit, whose transaction is the connection's only one: no lock. */
  private debitGrouped(tx: GroupedUnitTx, input: DebitInput): WalletWire {
    const before = this.repo.walletOn(tx.native, input.userId);
    if (!before) throw new AppError('not_found');
    const spend = planDebit(before, input);
    if (!spend) {
      if (input.opKey && this.repo.hasOperationOn(tx.native, input.userId, input.opKey))
        throw replayed(input);
      throw notEnoughCoins();
    }
    const written = keyedNow(input, () => this.repo.spendOn(tx.native, spend));
    if (written === 'replayed') throw replayed(input);
    const wallet = toWalletWire(spend.after);
    tx.emit('wallet.changed', { userId: input.userId, wallet });
    return wallet;
  }

  /** The rows of a user's operation with this key, or null when there was none. */
  async findOperation(userId: number, opKey: string): Promise<LedgerOperation | null> {
    const rows = await this.repo.operation(userId, opKey);
    const first = rows[0];
    if (!first) return null;
    return {
      rows,
      amount: rows.reduce((sum, r) => sum + r.amount, 0),
      reason: first.reason,
      refType: first.ref_type,
      refId: first.ref_id,
      counterpartId: first.counterpart_id,
      createdAt: first.created_at,
    };
  }

  async wallet(userId: number): Promise<WalletWire> {
    return toWalletWire((await this.repo.wallet(userId)) ?? { balance: 0, bonus: 0 });
  }

  /** A page of the user's ledger, newest first. */
  async history(
    userId: number,
    page: number,
    perPage = LEDGER_PAGE,
  ): Promise<{ rows: LedgerRow[]; meta: PageMeta }> {
    const { rows, total: count } = await this.repo.page(userId, page, perPage);
    return { rows, meta: pageMeta(page, perPage, count) };
  }

  /** Users whose totals differ from their ledger sums; empty when the books balance. */
  check(): Promise<LedgerMismatch[]> {
    return this.repo.mismatches();
  }

  private txOf(unit: UnitTx<JobPayloads>, touched: Map<number, WalletWire>): LedgerTx {
    const { db } = unit;
    const wallets = this.walletsLockedIn(db);
    /** The wallet as this transaction holds it: locked and read on first use. */
    const lockedWallet = async (userId: number): Promise<Wallet> => {
      let wallet = wallets.get(userId);
      if (!wallet) {
        wallet = await this.repo.lockWallet(db, userId);
        if (!wallet) throw new AppError('not_found');
        wallets.set(userId, wallet);
      }
      return wallet;
    };
    const changed = (userId: number, after: Wallet): WalletWire => {
      wallets.set(userId, after);
      return this.touch(touched, userId, after);
    };
    const debitRows = async (input: DebitInput): Promise<LedgerResult> => {
      assertAmount(input.amount);
      const before = await lockedWallet(input.userId);
      const spend = planDebit(before, input);
      if (!spend) {
        // A copy of the operation that took the last coins answers the first, not "not enough".
        await this.guardReplay(db, input);
        throw notEnoughCoins();
      }
      // The key is checked here, once, after the lock (the repository's spend).
      const written = await this.keyed(input, () => this.repo.spend(db, spend));
      if (written === 'replayed') throw replayed(input);
      return { wallet: changed(input.userId, spend.after), rows: written };
    };
    const creditRows = async (input: CreditInput): Promise<LedgerResult> => {
      assertAmount(input.amount);
      await lockedWallet(input.userId);
      await this.guardReplay(db, input);
      const after = await this.repo.credit(db, input.userId, input.part, input.amount);
      if (!after) throw new AppError('not_found');
      const rows = [rowOf(input, input.part, input.amount, after, nowIso())];
      return {
        wallet: changed(input.userId, after),
        rows: await this.insert(db, input, rows),
      };
    };
    return {
      ...unit,
      debitRows,
      creditRows,
      lock: async (userIds) => {
        for (const id of [...new Set(userIds)].sort((a, b) => a - b))
          if (!wallets.has(id)) {
            const wallet = await this.repo.lockWallet(db, id);
            if (wallet) wallets.set(id, wallet);
          }
      },
      debit: async (input) => (await debitRows(input)).wallet,
      credit: async (input) => (await creditRows(input)).wallet,
    };
  }

  /**
   * The key is checked once, after the wallet row is locked: a concurrent twin has committed
   * by then and is seen (on PostgreSQL a statement begun after the lock was granted sees it).
   * The unique index (user, key, part) alone would not do: a twin may split its amount
   * between the parts differently (the first took the bonus, the second finds none).
   */
  private async guardReplay(db: Kysely<DB>, input: Movement): Promise<void> {
    if (!input.opKey) return;
    if (await this.repo.hasOperation(db, input.userId, input.opKey))
      throw new OperationReplayed(input.userId, input.opKey);
  }

  private insert(db: Kysely<DB>, input: Movement, rows: LedgerInsert[]): Promise<LedgerRow[]> {
    return this.keyed(input, () => this.repo.insert(db, rows));
  }

  /** A write of keyed rows: the key's unique index (user, key, part) is the last word. */
  private async keyed<T>(input: Movement, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw asReplayed(input, error);
    }
  }

  private touch(touched: Map<number, WalletWire>, userId: number, after: Wallet): WalletWire {
    const wallet = toWalletWire(after);
    touched.set(userId, wallet);
    return wallet;
  }
}

/**
 * What a debit writes, from the wallet it starts from: the bonus first (unless `balanceOnly`),
 * the rest from the balance; null when there is not enough. The bonus's row comes first and
 * shows the balance not yet touched.
 */
function planDebit(before: Wallet, input: DebitInput): Spend | null {
  const split = splitSpend(
    input.balanceOnly ? { balance: before.balance, bonus: 0 } : before,
    input.amount,
  );
  if (!split) return null;
  const after = {
    balance: before.balance - split.fromBalance,
    bonus: before.bonus - split.fromBonus,
  };
  const at = nowIso();
  const rows: LedgerInsert[] = [];
  if (split.fromBonus > 0)
    rows.push(
      rowOf(input, 'bonus', -split.fromBonus, { balance: before.balance, bonus: after.bonus }, at),
    );
  if (split.fromBalance > 0) rows.push(rowOf(input, 'balance', -split.fromBalance, after, at));
  return { userId: input.userId, opKey: input.opKey ?? null, before, after, rows };
}

const replayed = (input: Movement) => new OperationReplayed(input.userId, input.opKey ?? '');

/** A unique violation of a keyed write is a copy of the operation that got there first. */
function asReplayed(input: Movement, error: unknown): unknown {
  return input.opKey && isUniqueViolation(error) ? replayed(input) : error;
}

function keyedNow<T>(input: Movement, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw asReplayed(input, error);
  }
}

/** Services validate amounts at the edge; this keeps a bug from writing a zero or a fraction. */
function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new Error(`ledger amount must be a positive integer, got ${amount}`);
}

function rowOf(
  input: Movement,
  part: LedgerPart,
  amount: number,
  after: Wallet,
  at: string,
): LedgerInsert {
  return {
    user_id: input.userId,
    amount,
    part,
    reason: input.reason,
    ref_type: input.refType ?? null,
    ref_id: input.refId ?? null,
    counterpart_id: input.counterpartId ?? null,
    balance_after: Number(after.balance),
    bonus_after: Number(after.bonus),
    op_key: input.opKey ?? null,
    created_at: at,
  };
}
