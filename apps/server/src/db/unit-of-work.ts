import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DomainEventMap, DomainEventName, DomainEvents } from '../events/domain-events';
import type { DB } from './schema';
import { SqliteGroupCommit } from './sqlite-group-commit';
import { isNativeSqlite, type NativeSqlite } from './sqlite-native';

/** When and how often a job runs. */
export interface JobOptions {
  /** Not before this time (a timer); default now. */
  runAt?: Date;
  /** Runs before it fails for good; default 5. */
  maxAttempts?: number;
  /** While a job with this key waits or runs, enqueueing another with it does nothing. */
  dedupeKey?: string;
  /**
   * Whose work this is (`user:12`): owners take turns in the queue, so one owner's backlog
   * does not hold up another's jobs (features/jobs/jobs.repository.ts). None: plain order.
   */
  owner?: string;
}

/**
 * Where a unit's jobs go: the site's job queue (features/jobs/job-queue.ts). Kept to a port so
 * that this module knows no feature; `Jobs` is the queue's payload map by kind.
 */
export interface JobStore<Jobs> {
  /** Inserts the job through `db`; its id (null: deduplicated) and whether it is due now. */
  insertIn<K extends keyof Jobs & string>(
    db: Kysely<DB>,
    kind: K,
    payload: Jobs[K],
    options?: JobOptions,
  ): Promise<{ id: number | null; due: boolean }>;
  /** Tells the workers to look for due jobs. */
  wake(): void;
}

/**
 * One running unit: its transaction, and what is to happen once that transaction commits.
 * A feature may widen it with operations of its own by spreading it (`{ ...tx, debit }`, the
 * ledger's LedgerTx); the copy is the same unit.
 */
export interface UnitTx<Jobs> {
  /** Every statement of the unit goes through this. */
  readonly db: Transaction<DB>;
  /** Emits the event after the commit; never when the unit rolls back. */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
  /** Inserts the job in this transaction: it exists if, and only if, the unit commits. */
  enqueue<K extends keyof Jobs & string>(
    kind: K,
    payload: Jobs[K],
    options?: JobOptions,
  ): Promise<number | null>;
  /** Runs `effect` after the commit, in order with the unit's events; its failure is logged. */
  afterCommit(effect: () => unknown): void;
}

/** A unit of one statement (UnitOfWork.runAlone): the root Kysely, events and effects. */
export interface StatementUnitTx extends Pick<UnitTx<unknown>, 'emit' | 'afterCommit'> {
  db: Kysely<DB>;
}

/**
 * A unit that runs synchronously on SQLite's raw connection (UnitOfWork.runGrouped): its
 * statements through `native`, its events and effects after the commit, as a UnitTx's.
 */
export interface GroupedUnitTx {
  readonly native: NativeSqlite;
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
  afterCommit(effect: () => unknown): void;
}

interface UnitState {
  open: boolean;
  effects: (() => unknown)[];
}

/** Queues a unit's effect (an event, an after-commit) for its commit; refused once it ended. */
const laterOf =
  (state: UnitState) =>
  (effect: () => unknown): void => {
    if (!state.open) throw new Error('unit of work: used after its commit or rollback');
    state.effects.push(effect);
  };

/** Keyed by the transaction, so a spread copy of a unit still finds its state. */
const states = new WeakMap<Transaction<DB>, UnitState>();

export interface UnitOfWorkParts<Jobs> {
  db: Kysely<DB>;
  events: DomainEvents;
  jobs: JobStore<Jobs>;
  log: FastifyBaseLogger;
}

/**
 * Writes that commit whole, with their events and jobs (zulip's `send_event_on_commit`): a
 * service does its writes through `tx.db`, announces through `tx.emit`, and schedules through
 * `tx.enqueue`. The job rows are inserted in the transaction itself; the events (and the
 * workers' wake-up) wait for the commit. A unit that throws rolls back, and then nothing was
 * emitted and no job exists.
 *
 * Inside a unit every statement must go through `tx.db`: on SQLite the unit holds the one
 * connection, and a statement on the root Kysely (or onNativeSqlite, the group commit) would
 * wait for the unit while the unit waits for it.
 */
export class UnitOfWork<Jobs> {
  /** SQLite's group commit of the grouped units; null on PostgreSQL. */
  private readonly groups: SqliteGroupCommit | null;

  constructor(private readonly parts: UnitOfWorkParts<Jobs>) {
    this.groups = isNativeSqlite(parts.db) ? new SqliteGroupCommit(parts.db) : null;
  }

  /** Whether `runGrouped` is there: on SQLite. */
  get grouped(): boolean {
    return this.groups !== null;
  }

  /**
   * On SQLite, a unit whose work runs synchronously on the raw connection, with the other
   * grouped units of the same event-loop turn in one transaction, each in a savepoint of its
   * own (db/sqlite-group-commit.ts): for the hottest writes, where building and awaiting each
   * statement through Kysely, and a commit each, cost far more than the statements. A work
   * that throws is rolled back alone, and nothing it emitted goes out; the others' events and
   * effects follow their common commit. No jobs: a work that enqueues uses `run`.
   */
  async runGrouped<T>(work: (tx: GroupedUnitTx) => T): Promise<T> {
    if (!this.groups) throw new Error('unit of work: grouped units need SQLite');
    const state: UnitState = { open: true, effects: [] };
    const later = laterOf(state);
    let result: T;
    try {
      result = await this.groups.run((native) => {
        try {
          return work({
            native,
            emit: (name, payload) => later(() => this.parts.events.emit(name, payload)),
            afterCommit: later,
          });
        } catch (error) {
          state.effects.length = 0;
          throw error;
        } finally {
          state.open = false;
        }
      });
    } catch (error) {
      // A failed commit takes the whole group back.
      state.effects.length = 0;
      throw error;
    }
    for (const effect of state.effects) this.settle(effect);
    return result;
  }

  /**
   * Runs `work` in a new transaction, or, given `within` (a unit still running), as part of
   * that one: no second transaction, and its events and jobs go out with the outer commit.
   * A joined work that throws takes its events and jobs back; its statements stay in the
   * outer transaction, which the error normally rolls back whole.
   */
  async run<T>(work: (tx: UnitTx<Jobs>) => Promise<T>, within?: UnitTx<Jobs> | null): Promise<T> {
    if (within) return this.join(within, work);
    const state: UnitState = { open: true, effects: [] };
    let result: T;
    try {
      result = await this.parts.db.transaction().execute((trx) => {
        states.set(trx, state);
        return work(this.unitOf(trx, state));
      });
    } finally {
      state.open = false;
    }
    for (const effect of state.effects) this.settle(effect);
    return result;
  }

  /**
   * A unit whose writes are one statement (PostgreSQL), which is its own transaction: no BEGIN
   * and COMMIT around it, so the locks it takes end with it instead of waiting for the event
   * loop to send the commit. Its events and effects follow once `work` returns; a work that
   * throws emits nothing. No jobs (they would need their own statement in the same
   * transaction): a work that enqueues uses `run`.
   */
  async runAlone<T>(work: (tx: StatementUnitTx) => Promise<T>): Promise<T> {
    const state: UnitState = { open: true, effects: [] };
    const later = laterOf(state);
    let result: T;
    try {
      result = await work({
        db: this.parts.db,
        emit: (name, payload) => later(() => this.parts.events.emit(name, payload)),
        afterCommit: later,
      });
    } finally {
      state.open = false;
    }
    for (const effect of state.effects) this.settle(effect);
    return result;
  }

  private async join<T>(within: UnitTx<Jobs>, work: (tx: UnitTx<Jobs>) => Promise<T>) {
    const state = states.get(within.db);
    if (!state?.open) throw new Error('unit of work: joined a unit that is not running');
    const mark = state.effects.length;
    try {
      return await work(within);
    } catch (error) {
      state.effects.length = mark;
      throw error;
    }
  }

  private unitOf(trx: Transaction<DB>, state: UnitState): UnitTx<Jobs> {
    const { events, jobs } = this.parts;
    const later = laterOf(state);
    return {
      db: trx,
      emit: (name, payload) => later(() => events.emit(name, payload)),
      enqueue: async (kind, payload, options) => {
        if (!state.open) throw new Error('unit of work: used after its commit or rollback');
        const { id, due } = await jobs.insertIn(trx, kind, payload, options);
        if (due) later(() => jobs.wake());
        return id;
      },
      afterCommit: later,
    };
  }

  /** An effect runs once the data is there for good: its failure is the effect's alone. */
  private settle(effect: () => unknown): void {
    try {
      const result = effect();
      if (result instanceof Promise)
        result.catch((error: unknown) =>
          this.parts.log.error({ err: error }, 'unit of work: an after-commit effect failed'),
        );
    } catch (error) {
      this.parts.log.error({ err: error }, 'unit of work: an after-commit effect failed');
    }
  }
}
