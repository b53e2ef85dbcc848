import { PostgresAdapter, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../lib/clock';

const postgres = new WeakMap<object, boolean>();

function isPostgres(db: Kysely<DB>): boolean {
  const adapter = db.getExecutor().adapter;
  let known = postgres.get(adapter);
  if (known === undefined) {
    known = adapter instanceof PostgresAdapter;
    postgres.set(adapter, known);
  }
  return known;
}

/**
 * Locks the user row for the rest of the transaction (PostgreSQL; SQLite's write transactions
 * are serialized already) and answers its sanction columns as they are now. A sanction and a
 * write of the same person then happen one after the other, never interleaved.
 */
export async function lockSanctions(
  trx: Kysely<DB>,
  userId: number,
): Promise<{ gag_until: string | null; ban_until: string | null } | undefined> {
  const query = trx.selectFrom('users').select(['gag_until', 'ban_until']).where('id', '=', userId);
  return (isPostgres(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/**
 * The last word on "may this person write", taken inside the transaction that stores a room or
 * private message. The check at the request's start reads the row before the write begins; a
 * ban landing in between is caught here, so nothing is stored after the ban commits. One read by
 * primary key; the row lock it takes is the one the message counters take a moment later anyway.
 */
export async function assertMayWrite(trx: Kysely<DB>, userId: number): Promise<void> {
  const row = await lockSanctions(trx, userId);
  if (!row) return;
  const now = nowIso();
  if (active(row.ban_until, now)) throw new AppError('banned');
  if (active(row.gag_until, now)) throw new AppError('gagged');
}

function active(until: string | null, now: string): boolean {
  // ISO strings of one format (both dialects read back toISOString) compare as times.
  return until !== null && until > now;
}
