import { openWriter } from './writers.mjs';

/**
 * The posting phase's "without the index": the search index's upkeep on a post's write taken
 * away from the bench's database while ours runs, without touching the product's code.
 * PostgreSQL: the triggers that write the words of forum_posts and forum_threads into their
 * words tables are dropped (a reply also rewrites its thread's row). SQLite: the triggers that
 * write a thread's stems into its FTS5 table (and a post's on an edit) are dropped (ours
 * re-prepares its statements after a schema change by itself), and the batch indexer's cursor
 * for posts is moved past any id, so its batch finds nothing to index. Answers what was
 * dropped.
 */
const TABLES = ['forum_posts', 'forum_threads'];

/**
 * PostgreSQL: drops the triggers that keep the words tables of `tables` (0035's
 * `search_<table>_keep`) and answers each one's name, table and definition to make it again.
 */
export async function dropWordsTriggers(db, tables) {
  const triggers = await db.query(
    `select t.tgname as name, c.relname as "table", pg_get_triggerdef(t.oid) as sql
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = current_schema()::regnamespace and c.relname = any($1)
        and t.tgname = 'search_' || c.relname || '_keep'`,
    [tables],
  );
  for (const { name, table } of triggers) await db.query(`drop trigger ${name} on ${table}`);
  return triggers;
}

export async function dropSearchUpkeep(databaseUrl) {
  const db = await openWriter(databaseUrl);
  try {
    if (db.dialect === 'postgres') {
      const dropped = await dropWordsTriggers(db, TABLES);
      return dropped.map((t) => t.name);
    }
    const rows = await db.query(
      `select name from sqlite_master where type = 'trigger'
          and tbl_name in ('forum_posts', 'forum_threads') and sql like '%search_%'`,
    );
    for (const { name } of rows) await db.query(`drop trigger ${name}`);
    // New posts are indexed by the server's batch after this cursor: moved past any id.
    await db.query(
      `update search_cursors set last_id = ${Number.MAX_SAFE_INTEGER} where name = 'forum_posts'`,
    );
    return [...rows.map((r) => r.name), 'search_cursors.forum_posts'];
  } finally {
    await db.close();
  }
}

/** Threads to post into: `count` of the generated categories' threads, spread over them. */
export async function postingThreads(databaseUrl, categorySlugs, count) {
  const db = await openWriter(databaseUrl);
  try {
    const rows = await db.query(
      `select t.slug from forum_threads t join forum_categories c on c.id = t.category_id
        where c.slug in (${categorySlugs.map((s) => `'${s}'`).join(', ')})
        order by t.id`,
    );
    const step = Math.max(1, Math.floor(rows.length / count));
    return rows.filter((_, i) => i % step === 0).map((r) => r.slug);
  } finally {
    await db.close();
  }
}
