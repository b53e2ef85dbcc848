import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/**
 * Holds a slug base until the unit of work commits, so that things of one title written at
 * once (forum threads, art posts) take `base`, `base-2`… in turn instead of one failing on the
 * unique slug. PostgreSQL: a transaction advisory lock on `{table}:{base}`; SQLite runs one
 * unit at a time already.
 */
export async function lockSlug(db: Kysely<DB>, table: string, base: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`${table}:${base}`}))`.execute(db);
}
