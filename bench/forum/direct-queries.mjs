/**
 * The search phase's direct client asks the database's own full-text engine for one page of
 * the same search, with nothing of ours around it: no visibility clauses, no snippets, no
 * counts per tab. The match is the very one the site's drivers build
 * (features/search/search-driver.ts): an FTS5 MATCH of stems on SQLite, the words table's
 * `words @@ to_tsquery` on PostgreSQL (GIN-indexed, 0035-search-words-tables.ts). The order is
 * the newest first (by id), as the site's own search reads its candidates (`sort=best` ranks
 * the newest 100 in the app, no engine's rank), and the limit one page (20).
 */
/** Each scope's words table: FTS5 on SQLite, tsvectors on PostgreSQL. */
const FTS = { forum: 'search_forum_posts', chat: 'search_messages' };
export const PAGE = 20;

export function directQuery(dialect, scope) {
  if (dialect === 'sqlite') {
    const fts = FTS[scope];
    return {
      sql: `select rowid from ${fts} where ${fts} match ? order by rowid desc limit ${PAGE}`,
      params: (query) => [query.fts5],
    };
  }
  return {
    sql: `select id from ${FTS[scope]}
           where words @@ to_tsquery('russian'::regconfig, $1) order by id desc limit ${PAGE}`,
    params: (q) => [q.tsquery],
  };
}
