import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import {
  countMatching,
  newestMatching,
  PG_FIRST_SLICE,
  PG_SLICE_GROWTH,
  postgresDriver,
  sqliteDriver,
  type IdSlice,
  type SearchDriver,
  type SearchIndex,
} from './search-driver';

const INDEX: SearchIndex = { fts: 'search_messages', table: 'messages', text: 'text' };

/** A database whose table's greatest id is `top`: all `slices` reads of it. */
function topIs(top: number | null) {
  const chain = {
    selectFrom: () => chain,
    select: () => chain,
    executeTakeFirst: () => Promise.resolve({ top }),
  };
  return chain as unknown as Kysely<DB>;
}

async function slicesOf(driver: SearchDriver, db: Kysely<DB>): Promise<IdSlice[]> {
  const out: IdSlice[] = [];
  for await (const slice of driver.slices(db, INDEX)) out.push(slice);
  return out;
}

/** Rows with ids 1..top, the even ones matching, asked slice by slice newest first. */
function evenIdsIn(slice: IdSlice, top: number) {
  const ids: number[] = [];
  for (let id = slice.upTo ?? top; id > (slice.above ?? 0); id -= 1) if (id % 2 === 0) ids.push(id);
  return ids;
}

describe('search driver slices (ids newest first)', () => {
  it('asks SQLite once over every id: FTS5 itself walks newest first and stops', async () => {
    expect(await slicesOf(sqliteDriver, topIs(50))).toEqual([{ above: null, upTo: null }]);
  });

  it('asks PostgreSQL the newest ids first, in widening slices that meet and cover all', async () => {
    const top = PG_FIRST_SLICE * 20;
    const first = top - PG_FIRST_SLICE;
    const second = first - PG_FIRST_SLICE * PG_SLICE_GROWTH;
    expect(await slicesOf(postgresDriver, topIs(top))).toEqual([
      { above: first, upTo: null },
      { above: second, upTo: first },
      { above: null, upTo: second },
    ]);
    expect(await slicesOf(postgresDriver, topIs(null))).toEqual([{ above: null, upTo: null }]);
  });

  it('gathers the newest rows and capped counts across slices, stopping once it has them', async () => {
    const top = PG_FIRST_SLICE * 20;
    const db = topIs(top);
    const asked: IdSlice[] = [];
    const need = PG_FIRST_SLICE; // more than the first slice's PG_FIRST_SLICE / 2 matches
    const rows = await newestMatching(postgresDriver, db, INDEX, need, (slice, limit) => {
      asked.push(slice);
      return Promise.resolve(evenIdsIn(slice, top).slice(0, limit));
    });
    expect(asked).toHaveLength(2);
    expect(rows).toEqual(evenIdsIn({ above: null, upTo: null }, top).slice(0, need));
    const all = await countMatching(postgresDriver, db, INDEX, top, (slice, cap) =>
      Promise.resolve(Math.min(evenIdsIn(slice, top).length, cap)),
    );
    expect(all).toBe(top / 2);
    const capped = await countMatching(postgresDriver, db, INDEX, 1000, (slice, cap) =>
      Promise.resolve(Math.min(evenIdsIn(slice, top).length, cap)),
    );
    expect(capped).toBe(1000);
  });
});
