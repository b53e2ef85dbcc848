import { MESSAGE_TYPE } from '@chat/shared';
import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers';

/**
 * PostgreSQL's search index becomes a table of words per searched text, as SQLite's FTS5
 * tables are (0021, 0024): `search_<table>(id, words tsvector)`, GIN-indexed, kept by a trigger
 * in the writing transaction, its row deleted with its source row. The GIN expression indexes
 * it replaces could only be asked for every match at once: the newest matches of common words
 * cost an intersection of their whole posting lists (docs/search.md). Stored words can also be
 * read by id, so the newest ids are filtered without the GIN index
 * (features/search/search-driver.ts), and a narrow table keeps that read short. SQLite keeps
 * its FTS5 tables.
 */
export const SEARCH_WORDS_TABLES = [
  { words: 'search_forum_threads', table: 'forum_threads', column: 'subject', only: 'true' },
  { words: 'search_forum_posts', table: 'forum_posts', column: 'text', only: 'true' },
  {
    words: 'search_messages',
    table: 'messages',
    column: 'text',
    // Said lines and `/me` actions: system lines and GIFs are not searched.
    only: `new.type_id in (${MESSAGE_TYPE.message}, ${MESSAGE_TYPE.action})`,
  },
  { words: 'search_art_posts', table: 'art_posts', column: 'search_text', only: 'true' },
  { words: 'search_art_comments', table: 'art_comments', column: 'text', only: 'true' },
] as const;

/** A text's words as the search reads them: Russian stems (Snowball), ё folded to е. */
export function vectorOf(column: string) {
  return `to_tsvector('russian'::regconfig, translate(${column}, 'ёЁ', 'еЕ'))`;
}

export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { words, table, column, only } of SEARCH_WORDS_TABLES) {
    const [w, t] = [sql.table(words), sql.table(table)];
    await sql`create table ${w} (
      id integer primary key references ${t}(id) on delete cascade,
      words tsvector not null)`.execute(db);
    await sql`insert into ${w}(id, words)
      select id, ${sql.raw(vectorOf(column))} from ${t} as new where ${sql.raw(only)}`.execute(db);
    await sql`create index ${sql.id(`${words}_words`)} on ${w} using gin (words)`.execute(db);
    await sql`drop index if exists ${sql.id(`${table}_search`)}`.execute(db);
    // plpgsql: the trigger's text is the table's, so each table has its own function.
    await sql
      .raw(
        `create function ${words}_keep() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if ${only} then
            insert into ${words}(id, words) values (new.id, ${vectorOf(`new.${column}`)});
          end if;
        elsif new.${column} is distinct from old.${column} then
          update ${words} set words = ${vectorOf(`new.${column}`)} where id = new.id;
        end if;
        return null;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${words}_keep after insert or update of ${column} on ${table}
      for each row execute function ${words}_keep()`,
      )
      .execute(db);
    await sql`analyze ${w}`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { words, table, column } of SEARCH_WORDS_TABLES) {
    await sql.raw(`drop trigger if exists ${words}_keep on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${words}_keep()`).execute(db);
    await sql`drop table if exists ${sql.table(words)}`.execute(db);
    await sql`create index ${sql.id(`${table}_search`)} on ${sql.table(table)} using gin
      (${sql.raw(vectorOf(column))})`.execute(db);
  }
}
