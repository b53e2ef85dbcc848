import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database, DialectName } from '../../db/database';
import { fts5Match, tsQueryText, type ParsedQuery } from './search-query';

/** A searched text: its table's id and text columns, and its FTS5 table on SQLite. */
export interface SearchIndex {
  /** The FTS5 table (0021-search.ts). */
  fts: string;
  /** `table.id` of the searched row, as the source's query names it. */
  id: string;
  /** `table.column` of the searched text, as the source's query names it. */
  text: string;
}

/**
 * The one seam between the search and its database engine: which rows of an index match a
 * query, as a where-clause the source's query (with its visibility clauses) takes in SQL.
 */
export interface SearchDriver {
  readonly dialect: DialectName;
  matches(index: SearchIndex, query: ParsedQuery): RawBuilder<SqlBool>;
}

/** SQLite: the FTS5 table of stems, its rowid being the row's id. */
export const sqliteDriver: SearchDriver = {
  dialect: 'sqlite',
  matches(index, query) {
    const fts = sql.table(index.fts);
    return sql<SqlBool>`${sql.ref(index.id)} in (select rowid from ${fts} where ${fts} match ${fts5Match(query)})`;
  },
};

/**
 * The text's search vector on PostgreSQL: exactly the expression of 0021-search.ts's GIN
 * indexes (a literal configuration, ё folded), so the planner uses them.
 */
export function pgVector(column: string): RawBuilder<unknown> {
  return sql`to_tsvector('russian'::regconfig, translate(${sql.ref(column)}, 'ёЁ', 'еЕ'))`;
}

/** PostgreSQL: full-text search over the expression indexes. */
export const postgresDriver: SearchDriver = {
  dialect: 'postgres',
  matches(index, query) {
    return sql<SqlBool>`${pgVector(index.text)} @@ to_tsquery('russian'::regconfig, ${tsQueryText(query)})`;
  },
};

export function searchDriverFor(database: Pick<Database, 'dialect'>): SearchDriver {
  return database.dialect === 'postgres' ? postgresDriver : sqliteDriver;
}
