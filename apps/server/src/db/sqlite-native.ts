import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** The raw connection under a SQLite Kysely, with the statement cache Kysely uses too. */
export interface NativeSqlite {
  sqlite: SQLite.Database;
  prepare: (sql: string) => SQLite.Statement;
}

const natives = new WeakMap<Kysely<DB>, NativeSqlite>();

/** Called by openDatabase for every SQLite database it opens. */
export function registerNativeSqlite(db: Kysely<DB>, native: NativeSqlite): void {
  natives.set(db, native);
}

/** Whether `db` is the root Kysely of a SQLite database (onNativeSqlite works on it). */
export function isNativeSqlite(db: Kysely<DB>): boolean {
  return natives.has(db);
}

/**
 * Runs `work` synchronously on the raw better-sqlite3 connection, for the few hottest writes
 * where building queries and awaiting each statement cost more than the statements themselves
 * (a chat message: several statements in one transaction, in tens of microseconds).
 *
 * It holds Kysely's one connection meanwhile: a Kysely transaction awaits between its
 * statements, and a raw statement run in such a gap would land inside that transaction (and
 * go with its rollback). Holding the connection, nothing else is open around `work`.
 * `db` must be the root Kysely of a SQLite database (not a transaction).
 */
export async function onNativeSqlite<T>(
  db: Kysely<DB>,
  work: (native: NativeSqlite) => T,
): Promise<T> {
  const native = natives.get(db);
  if (!native) throw new Error('not the root Kysely of a SQLite database');
  return db.connection().execute(async () => work(native));
}
