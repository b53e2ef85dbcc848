/**
 * The search phase's direct client asks the database's own full-text engine the same question
 * as `GET /api/search` (one page of 20, best first), with nothing of ours around it: no
 * visibility clauses, no snippets, no counts. The match is the very one the site's drivers
 * build (features/search/search-driver.ts): an FTS5 MATCH of stems on SQLite, the GIN
 * expression index's vector `@@ to_tsquery` on PostgreSQL; "best first" is each engine's own
 * ranking (FTS5 `rank`, that is bm25; `ts_rank`).
 */
const FTS = { forum: 'search_forum_posts', chat: 'search_messages' };
const TABLE = { forum: 'forum_posts', chat: 'messages' };
export const PAGE = 20;

export function directQuery(dialect, scope) {
  if (dialect === 'sqlite') {
    const fts = FTS[scope];
    return {
      sql: `select rowid from ${fts} where ${fts} match ? order by rank limit ${PAGE}`,
      params: (query) => [query.fts5],
    };
  }
  const vector = `to_tsvector('russian'::regconfig, translate(text, 'ёЁ', 'еЕ'))`;
  const query = `to_tsquery('russian'::regconfig, $1)`;
  return {
    sql: `select id from ${TABLE[scope]} where ${vector} @@ ${query}
           order by ts_rank(${vector}, ${query}) desc limit ${PAGE}`,
    params: (q) => [q.tsquery],
  };
}
