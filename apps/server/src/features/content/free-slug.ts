import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { slugBase, uniqueSlug } from './slug';
import type { DB } from '../../db/schema';

/** The tables whose rows take an address from their title. */
type SluggedTable = 'forum_threads' | 'art_posts';

/**
 * The address a new row of `table` takes from its title, inside the unit of work that inserts
 * it: the base, or base-2, base-3… The base is held until the unit commits, so that things of
 * one title written at once take their turns instead of one failing on the unique slug
 * (PostgreSQL: a transaction advisory lock on `{table}:{base}`; SQLite runs one unit at a time
 * already).
 */
export async function freeSlug(
  db: Kysely<DB>,
  table: SluggedTable,
  title: string,
  fallback: string,
): Promise<string> {
  const base = slugBase(title) || fallback;
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtext(${`${table}:${base}`}))`.execute(db);
  const rows = await db
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return uniqueSlug(title, new Set(rows.map((r) => r.slug)), { fallback });
}
