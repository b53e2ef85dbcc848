import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, DialectName } from '../../db/database';
import type { DB } from '../../db/schema';
import { fts5Match, tsQueryText, type ParsedQuery } from './search-query';

/** The tables whose text is searched. */
export type SearchedTable =
  'forum_threads' | 'forum_posts' | 'messages' | 'art_posts' | 'art_comments';

/** A searched text: its table and text column, and the table of its words. */
export interface SearchIndex<T extends SearchedTable = SearchedTable> {
  /**
   * The table of its words, whose id is the searched row's: FTS5 on SQLite (0021-search.ts),
   * stems as `tsvector` on PostgreSQL (0035-search-words-tables.ts).
   */
  wordsTable: string;
  table: T;
  /** The searched text column of `table`. */
  text: string;
}

/**
 * The one seam between the search and its database engine. A source starts its query with
 * `from` (the searched table, named as itself, holding only the rows that match), adds its
 * joins and visibility clauses (so filtering happens in SQL, before paging), orders by `newest`
 * descending and limits: a page, or a count capped by `limit`, stops once it has its rows.
 * Ids grow with time, so id order is newest first.
 */
export interface SearchDriver {
  readonly dialect: DialectName;
  from<T extends SearchedTable>(
    db: Kysely<DB>,
    index: SearchIndex<T>,
    query: ParsedQuery,
  ): SelectQueryBuilder<DB, T, object>;
  /** What `from`'s rows are ordered by, descending: the searched row's id. */
  newest(index: SearchIndex): RawBuilder<number>;
}

/**
 * The searched table, named as itself, joined by primary key to its words table, which drives
 * the query (`wordsId`: the words table's id column) and holds only the rows that `match`.
 */
function drivenByWords<T extends SearchedTable>(
  db: Kysely<DB>,
  index: SearchIndex<T>,
  wordsId: 'rowid' | 'id',
  match: RawBuilder<SqlBool>,
): SelectQueryBuilder<DB, T, object> {
  const hits = db
    .selectFrom(sql<{ id: number }>`${sql.table(index.wordsTable)}`.as(index.wordsTable as 'w'))
    .innerJoin(index.table as 'messages', (join) =>
      join.on(
        sql<SqlBool>`${sql.ref(`${index.table}.id`)} = ${sql.ref(`${index.wordsTable}.${wordsId}`)}`,
      ),
    )
    .where(match);
  // The query names the searched table as itself; the words table is only joined.
  return hits as unknown as SelectQueryBuilder<DB, T, object>;
}

/**
 * SQLite: the FTS5 table of stems (rowid = the row's id) drives. FTS5 yields rowids in
 * descending order itself (it consumes `order by rowid desc`), so a page or a count capped by
 * `limit` stops after that many visible rows. (`id in (select rowid ... match)` would build
 * the list of every match first.)
 */
export const sqliteDriver: SearchDriver = {
  dialect: 'sqlite',
  from(db, index, query) {
    // FTS5's MATCH column is named by the table, so it is aliased as itself.
    const fts = sql.table(index.wordsTable);
    return drivenByWords(db, index, 'rowid', sql<SqlBool>`${fts} match ${fts5Match(query)}`);
  },
  newest(index) {
    return sql<number>`${sql.ref(`${index.wordsTable}.rowid`)}`;
  },
};

/**
 * PostgreSQL: the table of words (0035, `search_<table>`) drives, in one query that the
 * planner plans for its words (db/postgres-statements.ts runs a `@@` match unnamed): for words
 * common enough it walks the words table's ids backwards, checking each row's stored words, and
 * stops at the page; for rarer ones it takes their matches from the GIN index and sorts them.
 * (The GIN expression indexes before 0035 had no stored words to check, so each query had to
 * take every match of the index, in id slices.)
 */
export const postgresDriver: SearchDriver = {
  dialect: 'postgres',
  from(db, index, query) {
    const words = sql.ref(`${index.wordsTable}.words`);
    return drivenByWords(db, index, 'id', sql<SqlBool>`${words} @@ ${tsQuery(query)}`);
  },
  newest(index) {
    return sql<number>`${sql.ref(`${index.wordsTable}.id`)}`;
  },
};

/** The query's words as PostgreSQL's own query type, stemmed as the words table's are. */
function tsQuery(query: ParsedQuery): RawBuilder<unknown> {
  return sql`to_tsquery('russian'::regconfig, ${tsQueryText(query)})`;
}

export function searchDriverFor(database: Pick<Database, 'dialect'>): SearchDriver {
  return database.dialect === 'postgres' ? postgresDriver : sqliteDriver;
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
