import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers';

/**
 * The search index (issue 21, docs/search.md), one per database:
 *
 * - SQLite: an FTS5 table per searched text holding its Snowball stems, made in the app by the
 *   SQL function `search_words` that db/database.ts registers on every connection. Forum
 *   threads and posts are kept by triggers, so in the same transaction as their write whoever
 *   writes them; chat messages by a batch a second after a cursor (`search_cursors`), off the
 *   chat's hot insert (features/search/sqlite-batch-indexer.ts; posts too since 0023). Contentless: the texts stay
 *   in their own tables, the index holds only stems and the row's id.
 * - PostgreSQL: GIN expression indexes over the source columns, ё folded: nothing is written
 *   on insert. Queries use the very same expression (features/search/search-driver.ts).
 */
export const SEARCH_INDEXES = [
  { fts: 'search_forum_threads', table: 'forum_threads', column: 'subject' },
  { fts: 'search_forum_posts', table: 'forum_posts', column: 'text' },
  { fts: 'search_messages', table: 'messages', column: 'text' },
] as const;

/** Kept by triggers on SQLite; the chat's messages are indexed in batches instead. */
const TRIGGERED = ['search_forum_threads', 'search_forum_posts'];

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    for (const { table, column } of SEARCH_INDEXES) {
      await sql`create index ${sql.id(`${table}_search`)} on ${sql.table(table)} using gin
        (to_tsvector('russian'::regconfig, translate(${sql.ref(column)}, 'ёЁ', 'еЕ')))`.execute(db);
    }
    return;
  }
  for (const { fts, table, column } of SEARCH_INDEXES) {
    await sql`create virtual table ${sql.table(fts)} using fts5(words, content='',
      contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
    if (!TRIGGERED.includes(fts)) continue;
    const [f, t, c] = [sql.table(fts), sql.table(table), sql.ref(column)];
    await sql`create trigger ${sql.id(`${fts}_insert`)} after insert on ${t} begin
      insert into ${f}(rowid, words) values (new.id, search_words(new.${c})); end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_update`)} after update of ${c} on ${t} begin
      delete from ${f} where rowid = old.id;
      insert into ${f}(rowid, words) values (new.id, search_words(new.${c})); end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_delete`)} after delete on ${t} begin
      delete from ${f} where rowid = old.id; end`.execute(db);
    // What is there already (seeded threads and posts) is found from the first start.
    await sql`insert into ${f}(rowid, words) select id, search_words(${c}) from ${t}`.execute(db);
  }
  // How far the chat's batch indexer has come (messages with a greater id wait for it).
  await db.schema
    .createTable('search_cursors')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    for (const { table } of SEARCH_INDEXES)
      await sql`drop index if exists ${sql.id(`${table}_search`)}`.execute(db);
    return;
  }
  await db.schema.dropTable('search_cursors').execute();
  for (const { fts } of SEARCH_INDEXES) await sql`drop table ${sql.table(fts)}`.execute(db);
}
