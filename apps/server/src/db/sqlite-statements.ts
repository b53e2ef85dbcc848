import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The database Kysely's SqliteDialect is given: its `prepare` answers a statement already
 * prepared for the same SQL text. Kysely prepares every query anew, and preparing (parsing and
 * planning) is a good part of a small query's cost; the app runs a bounded set of query shapes.
 *
 * Reusing a statement is safe because Kysely runs one query at a time on its single SQLite
 * connection and runs each statement to completion (`all`, `run`) or to the end of an
 * `iterate` before the next one starts. The least recently used statement goes when the
 * cache is full (`in (…)` lists of many lengths would otherwise grow it without end).
 */
/** What Kysely needs of a SQLite database, answering better-sqlite3's own statements. */
export interface CachingStatements extends SqliteDatabase {
  prepare(sql: string): SQLite.Statement;
}

export function cachingStatements(sqlite: SQLite.Database, max = 500): CachingStatements {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        // A Map keeps insertion order: moving a hit to the end makes the first key the oldest.
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
