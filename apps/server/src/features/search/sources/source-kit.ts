import type { PublicUser } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { presentPublicUser } from '../../users/user.presenter';
import type { HitRef } from '../search-registry';

/**
 * What the sources of two indexes merged by date (forum threads and posts, art posts and
 * comments) share: each index's rows as candidates, their order, and the page's authors.
 */

/** Newest first: by time, then id (the order each table's ids already have). */
export function newestFirst(a: HitRef, b: HitRef): number {
  return b.created_at.localeCompare(a.created_at) || b.id - a.id || a.type.localeCompare(b.type);
}

/** One index's newest rows as candidate hits of `type` (with their text to rank by). */
export function refsOf(
  type: HitRef['type'],
  rows: readonly { id: number; created_at: string; text?: string }[],
  withText: boolean,
): HitRef[] {
  return rows.map((r) => ({
    type,
    id: r.id,
    created_at: r.created_at,
    ...(withText ? { text: r.text } : {}),
  }));
}

/** The authors of a page's hits, read at once: id → public user (null: none or gone). */
export async function hitAuthors(
  db: Kysely<DB>,
  rows: readonly { author_id: number | null }[],
): Promise<(id: number | null) => PublicUser | null> {
  const ids = [...new Set(rows.flatMap((r) => (r.author_id === null ? [] : [r.author_id])))];
  const users =
    ids.length === 0
      ? []
      : await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(users.map((u) => [u.id, presentPublicUser(u)]));
  return (id) => (id === null ? null : (byId.get(id) ?? null));
}

/**
 * Two indexes' count capped at `cap`: the first's, then the second's up to what is left. Each
 * counter counts its own matches to the limit it is given.
 */
export async function countedInTurn(
  cap: number,
  first: (limit: number) => Promise<number>,
  second: (limit: number) => Promise<number>,
): Promise<number> {
  const counted = await first(cap);
  return counted >= cap ? counted : counted + (await second(cap - counted));
}
