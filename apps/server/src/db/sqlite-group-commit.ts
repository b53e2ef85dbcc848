import type { Kysely } from 'kysely';
import { atEndOfTurn } from '../lib/end-of-turn';
import type { DB } from './schema';
import { onNativeSqlite, type NativeSqlite } from './sqlite-native';

interface Job {
  work: (native: NativeSqlite) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the hottest SQLite writes: the writes asked for during one event-loop turn
 * run together in one transaction, each in a savepoint of its own, and are answered once that
 * transaction has committed. A busy room's messages then share one commit and one write of
 * the pages they all touch (the author counters, the table's last page, its indexes) instead
 * of paying for them one by one. A write that throws rolls back its own savepoint and fails
 * alone; a failed commit fails them all, as none of them is stored.
 */
export class SqliteGroupCommit {
  private queue: Job[] = [];

  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` synchronously inside the next group's transaction. */
  run<T>(work: (native: NativeSqlite) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 1) atEndOfTurn('store', () => void this.commit());
    });
  }

  private async commit(): Promise<void> {
    const jobs = this.queue;
    this.queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await onNativeSqlite(this.db, (native) =>
        native.sqlite.transaction(() => {
          for (const job of jobs) {
            try {
              // Nested, better-sqlite3 makes this a savepoint.
              outcomes.push({ ok: true, value: native.sqlite.transaction(job.work)(native) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })(),
      );
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}
