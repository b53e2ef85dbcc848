import { MESSAGE_TYPE } from '@chat/shared';
import { dropWordsTriggers } from './index-switch.mjs';
import { SEARCH_INDEXES } from '../../apps/server/src/db/migrations/0021-search.ts';
import {
  SEARCH_WORDS_TABLES,
  vectorOf,
} from '../../apps/server/src/db/migrations/0035-search-words-tables.ts';
import { foldWords } from '../../apps/server/src/lib/text-fold.ts';
import { stemWord } from '../../apps/server/src/lib/search-words.ts';
import {
  fts5Match,
  parseSearchQuery,
  tsQueryText,
} from '../../apps/server/src/features/search/search-query.ts';

/**
 * The search index of the generated data, filled as production fills it
 * (apps/server/src/db/migrations/0021-search.ts), but once after the load, as a restore would,
 * instead of row by row during it.
 *
 * PostgreSQL: the triggers that write the words tables (0035-search-words-tables.ts) and the
 * tables' GIN indexes are dropped before the load; after it the migration's own expression fills
 * the words tables, and the indexes and triggers are made again from their own definitions.
 * SQLite: the FTS5 tables hold the stems `search_words(text)` makes. The triggers that keep the
 * forum's tables are dropped before the load and made again from their own SQL after the
 * migration's backfill statement has indexed the generated rows; chat messages and posts are
 * indexed by the same statement and the batch indexer's cursors moved past them, as if it had
 * caught up.
 */
const LOADED = SEARCH_INDEXES.map((i) => i.table);

/**
 * `search_words` for the loading connection: the server's own function (lib/search-words.ts,
 * searchWordsOf), with each word's stem remembered, as the vocabulary is small.
 */
export function registerSearchWords(sqlite) {
  const stems = new Map();
  const stem = (word) => {
    let s = stems.get(word);
    if (s === undefined) stems.set(word, (s = stemWord(word)));
    return s;
  };
  sqlite.function('search_words', { deterministic: true }, (text) =>
    typeof text === 'string' && text !== '' ? foldWords(text).map(stem).join(' ') : '',
  );
}

export async function beforeLoad(db) {
  const firstIds = {};
  for (const table of LOADED) {
    firstIds[table] = Number((await db.query(`select max(id) as m from ${table}`))[0].m ?? 0) + 1;
  }
  db.search = { firstIds };
  if (db.dialect === 'postgres') {
    const words = SEARCH_WORDS_TABLES.map((w) => w.words);
    db.search.indexes = await db.query(
      `select indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = any($1) and indexdef ilike '%using gin%'`,
      [words],
    );
    for (const { indexname } of db.search.indexes) await db.query(`drop index ${indexname}`);
    db.search.triggers = await dropWordsTriggers(
      db,
      SEARCH_WORDS_TABLES.map((w) => w.table),
    );
    return;
  }
  registerSearchWords(db.db);
  db.search.triggers = await db.query(
    `select name, sql from sqlite_master where type = 'trigger' and sql like '%search_words%'`,
  );
  for (const { name } of db.search.triggers) await db.query(`drop trigger ${name}`);
}

export async function afterLoad(db) {
  const started = performance.now();
  if (db.dialect === 'postgres') {
    for (const { words, table, column, only } of SEARCH_WORDS_TABLES) {
      if (!(table in db.search.firstIds)) continue;
      await db.query(
        `insert into ${words}(id, words) select id, ${vectorOf(column)} from ${table} as new
          where id >= $1 and ${only}`,
        [db.search.firstIds[table]],
      );
    }
    await db.query(`set maintenance_work_mem = '512MB'`);
    for (const { indexdef } of db.search.indexes) await db.query(indexdef);
    for (const { sql } of db.search.triggers) await db.query(sql);
    // As bulk-writers.mjs does for the loaded tables: autovacuum would otherwise visit two
    // million new rows in the middle of the measurements.
    for (const { words } of SEARCH_WORDS_TABLES) await db.query(`vacuum analyze ${words}`);
    return {
      ginIndexes: db.search.indexes.map((i) => i.indexname),
      triggers: db.search.triggers.map((t) => t.name),
      builtMs: Math.round(performance.now() - started),
    };
  }
  await db.begin();
  for (const { fts, table, column } of SEARCH_INDEXES) {
    // The batch indexer (features/search/sqlite-batch-indexer.ts) indexes only these.
    const only =
      table === 'messages'
        ? ` and type_id in (${MESSAGE_TYPE.message}, ${MESSAGE_TYPE.action})`
        : '';
    await db.query(
      `insert into ${fts}(rowid, words) select id, search_words(${column}) from ${table} where id >= ?${only}`,
      [db.search.firstIds[table]],
    );
  }
  for (const { sql } of db.search.triggers) await db.query(sql);
  // The batch indexer's cursors, past the generated messages and posts (its own statement).
  for (const table of ['messages', 'forum_posts']) {
    await db.query(
      `insert into search_cursors(name, last_id) select '${table}', coalesce(max(id), 0) from ${table}
       where true on conflict(name) do update set last_id = excluded.last_id`,
    );
  }
  await db.commit();
  return {
    triggers: db.search.triggers.map((t) => t.name),
    builtMs: Math.round(performance.now() - started),
  };
}

/** A query as the search's parser hands it to each engine (features/search/search-query.ts). */
export function directTerms(q) {
  const parsed = parseSearchQuery(q);
  return { fts5: fts5Match(parsed), tsquery: tsQueryText(parsed) };
}
