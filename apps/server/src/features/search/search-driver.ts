import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import { fts5Match, tsQueryText, type ParsedQuery } from './search-query';

/** The tables whose text is searched. */
export type SearchedTable =
  'forum_threads' | 'forum_posts' | 'messages' | 'art_posts' | 'art_comments';

/** A searched text: its table and text column, and its FTS5 table on SQLite. */
export interface SearchIndex<T extends SearchedTable = SearchedTable> {
  /** The FTS5 table (0021-search.ts). */
  fts: string;
  table: T;
  /** The searched text column of `table`. */
  text: string;
}

/**
 * A run of ids searched at once, newest first: ids in `(above, upTo]`, either end open when
 * null. Searching newest first in slices lets a page stop once it has its rows.
 */
export interface IdSlice {
  above: number | null;
  upTo: number | null;
}

/**
 * The one seam between the search and its database engine. A source starts its query with
 * `from` (the searched table, named as itself, holding only the rows of one id slice that match),
 * adds its joins and visibility clauses (so filtering happens in SQL, before paging), orders by
 * `newest` descending and limits; `slices` are the id slices to ask in turn, newest first, until
 * a page or a capped count is full. Ids grow with time, so id order is newest first.
 */
export interface SearchDriver {
  readonly dialect: DialectName;
  /** "This row matches", as a where-clause on the index's own table. */
  matches(index: SearchIndex, query: ParsedQuery): RawBuilder<SqlBool>;
  from<T extends SearchedTable>(
    db: Kysely<DB>,
    index: SearchIndex<T>,
    query: ParsedQuery,
    slice: IdSlice,
  ): SelectQueryBuilder<DB, T, object>;
  /** What `from`'s rows are ordered by, descending: the searched row's id. */
  newest(index: SearchIndex): RawBuilder<number>;
  slices(db: Kysely<DB>, index: SearchIndex): AsyncIterable<IdSlice>;
}

const EVERYTHING: IdSlice = { above: null, upTo: null };

/**
 * SQLite: the FTS5 table of stems (rowid = the row's id) drives the query, joined to its table
 * by primary key. FTS5 yields rowids in descending order itself (it consumes `order by rowid
 * desc`), so a page or a count capped by `limit` stops after that many visible rows: one slice,
 * all ids. (`id in (select rowid ... match)` would build the list of every match first.)
 */
export const sqliteDriver: SearchDriver = {
  dialect: 'sqlite',
  matches(index, query) {
    const fts = sql.table(index.fts);
    return sql<SqlBool>`${sql.ref(`${index.table}.id`)} in (select rowid from ${fts} where ${fts} match ${fts5Match(query)})`;
  },
  from(db, index, query) {
    // FTS5's MATCH column is named by the table, so it is aliased as itself.
    const fts = sql.table(index.fts);
    const hits = db
      .selectFrom(sql<{ rowid: number }>`${fts}`.as(index.fts as 'fts'))
      .innerJoin(index.table as 'messages', (join) =>
        join.on(sql<SqlBool>`${sql.ref(`${index.table}.id`)} = ${sql.ref(`${index.fts}.rowid`)}`),
      )
      .where(sql<SqlBool>`${fts} match ${fts5Match(query)}`);
    // The query names the searched table as itself; the FTS5 table is only joined.
    return hits as unknown as SelectQueryBuilder<DB, never, object>;
  },
  newest(index) {
    return sql<number>`${sql.ref(`${index.fts}.rowid`)}`;
  },
  async *slices() {
    yield EVERYTHING;
  },
};

/**
 * The text's search vector on PostgreSQL: exactly the expression of 0021-search.ts's GIN
 * indexes (a literal configuration, ё folded), so the planner uses them.
 */
export function pgVector(column: string): RawBuilder<unknown> {
  return sql`to_tsvector('russian'::regconfig, translate(${sql.ref(column)}, 'ёЁ', 'еЕ'))`;
}

/** PostgreSQL's first slice: the newest ids; each next one is PG_SLICE_GROWTH times wider. */
export const PG_FIRST_SLICE = 4096;
export const PG_SLICE_GROWTH = 8;

/**
 * PostgreSQL: the GIN expression index, one id slice at a time, newest first. Asked for the
 * newest matches at once, the planner walks the primary key backwards computing the vector of
 * every row; through the index alone it reads a heap page per hit, all of them. A slice
 * (a materialized CTE, so the index is used, ANDed with the id range) reads only the hits of
 * its ids, and the newest slices fill most pages.
 */
export const postgresDriver: SearchDriver = {
  dialect: 'postgres',
  matches(index, query) {
    return sql<SqlBool>`${pgVector(`${index.table}.${index.text}`)} @@ to_tsquery('russian'::regconfig, ${tsQueryText(query)})`;
  },
  from(db, index, query, slice) {
    const id = sql.ref(`${index.table}.id`);
    const name = `${index.table}_hits`;
    const hits = db
      .with(
        (cte) => cte(name as 'hits').materialized(),
        (w) =>
          w
            .selectFrom(index.table as 'messages')
            .selectAll()
            .where(this.matches(index, query))
            .$if(slice.above !== null, (q) => q.where(sql<SqlBool>`${id} > ${slice.above}`))
            .$if(slice.upTo !== null, (q) => q.where(sql<SqlBool>`${id} <= ${slice.upTo}`)),
      )
      .selectFrom(`${name} as ${index.table}` as 'hits as messages');
    // The slice's rows under the searched table's own name, so the source's clauses apply.
    return hits as unknown as SelectQueryBuilder<DB, never, object>;
  },
  newest(index) {
    return sql<number>`${sql.ref(`${index.table}.id`)}`;
  },
  async *slices(db, index) {
    const row = await db
      .selectFrom(index.table)
      .select((eb) => eb.fn.max('id').as('top'))
      .executeTakeFirst();
    let upTo = Number(row?.top ?? 0);
    let width = PG_FIRST_SLICE;
    for (;;) {
      const above = upTo - width;
      if (above <= 0) {
        yield { above: null, upTo: width === PG_FIRST_SLICE ? null : upTo };
        return;
      }
      yield { above, upTo: width === PG_FIRST_SLICE ? null : upTo };
      upTo = above;
      width *= PG_SLICE_GROWTH;
    }
  },
};

export function searchDriverFor(database: Pick<Database, 'dialect'>): SearchDriver {
  return database.dialect === 'postgres' ? postgresDriver : sqliteDriver;
}

/**
 * The newest `need` rows a slice query finds, asking the driver's slices in turn (each slice's
 * rows are all newer than the next slice's, so their concatenation is newest first).
 */
export async function newestMatching<R>(
  driver: SearchDriver,
  db: Kysely<DB>,
  index: SearchIndex,
  need: number,
  ask: (slice: IdSlice, limit: number) => Promise<R[]>,
): Promise<R[]> {
  const found: R[] = [];
  if (need <= 0) return found;
  for await (const slice of driver.slices(db, index)) {
    found.push(...(await ask(slice, need - found.length)));
    if (found.length >= need) break;
  }
  return found;
}

/** How many rows the slice queries find, counting no further than `cap`. */
export async function countMatching(
  driver: SearchDriver,
  db: Kysely<DB>,
  index: SearchIndex,
  cap: number,
  count: (slice: IdSlice, cap: number) => Promise<number>,
): Promise<number> {
  let n = 0;
  if (cap <= 0) return n;
  for await (const slice of driver.slices(db, index)) {
    n += await count(slice, cap - n);
    if (n >= cap) break;
  }
  return Math.min(n, cap);
}

/** How many rows a (limited) query yields. */
export async function rowsCounted<T extends keyof DB, O>(
  db: Kysely<DB>,
  rows: SelectQueryBuilder<DB, T, O>,
): Promise<number> {
  const row = await db
    .selectFrom(rows.as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
