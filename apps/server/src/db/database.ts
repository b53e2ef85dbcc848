import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { searchWordsOf } from '../lib/search-words';
import { preparingClient } from './postgres-statements';
import type { DB } from './schema';
import { startCheckpointer } from './sqlite-checkpointer';
import { registerNativeSqlite } from './sqlite-native';
import { cachingStatements } from './sqlite-statements';

const require = createRequire(import.meta.url);

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** The PostgreSQL schema named by the URL (`?schema=`), if any. */
  schema?: string;
  close(): Promise<void>;
}

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (or `sqlite::memory:`) for the
 * embedded default, `postgres://...` for PostgreSQL. A `schema` query parameter on a PostgreSQL
 * URL sets the search path, which lets tests and several sites share one server.
 */
export function openDatabase(url: string): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url);
}

function openSqlite(file: string): Database {
  const onDisk = file !== ':memory:';
  if (onDisk) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while a write commits; the busy timeout covers a second process.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The search index's stems, made by the app's Snowball stemmers (features/search, 0021-search).
  sqlite.function('search_words', { deterministic: true }, (text: unknown) =>
    searchWordsOf(typeof text === 'string' ? text : null),
  );
  const stopCheckpoints = onDisk ? moveCheckpointsOffTheEventLoop(sqlite, file) : null;
  const statements = cachingStatements(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
  registerNativeSqlite(db, { sqlite, prepare: (text) => statements.prepare(text) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await stopCheckpoints?.();
      await db.destroy();
    },
  };
}

function moveCheckpointsOffTheEventLoop(
  sqlite: SQLite.Database,
  file: string,
): () => Promise<void> {
  sqlite.pragma('wal_autocheckpoint = 0');
  return startCheckpointer(file, require.resolve('better-sqlite3'));
}

// Timestamps come back as ISO strings and counts as numbers on both dialects, so repositories
// and presenters never care which database they talk to.
const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;
const NUMERIC = 1700;

function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === TIMESTAMPTZ || oid === TIMESTAMP) return (v) => new Date(v).toISOString();
  if (oid === INT8 || oid === NUMERIC) return (v) => Number(v);
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}

function openPostgres(url: string): Database {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error('Bad schema name in DATABASE_URL');
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 10,
    // pg closes a connection idle for 10 s by default; the next burst then waits for new
    // backends that plan every statement again. Kept for 5 minutes, a lull costs nothing.
    idleTimeoutMillis: 5 * 60_000,
    types: { getTypeParser },
    // Named prepared statements: each query shape is parsed and planned once per connection.
    Client: preparingClient(),
    // No parallel workers: the site's queries are short and many run at once, so a worker
    // only takes a core from another request, and starting two cost a search 10 ms.
    options: [
      '-c max_parallel_workers_per_gather=0',
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ...(schema ? { schema } : {}),
    close: () => db.destroy(),
  };
}
