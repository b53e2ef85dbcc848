import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers';

/**
 * The quotes page's kept messages get a words table of their own, `search_quotes`, so their
 * search (`in=quotes`) is driven by the few kept messages' words instead of the whole chat's:
 * finding the newest kept matches through the chat's index read most of its matches first.
 *
 * - SQLite: an FTS5 table like `search_messages` (0021), kept by triggers: a message's words go
 *   in when it is first kept (`quote_counts` gets its row) and out when nobody keeps it, and
 *   change with its text.
 * - PostgreSQL: a view of `search_messages` (0035) over the kept messages, which already has
 *   every message's words; the planner goes from the kept ones or from the words' GIN index.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`create view search_quotes as
      select s.id, s.words from search_messages s
       where exists (select 1 from quote_counts q where q.message_id = s.id)`.execute(db);
    return;
  }
  await sql`create virtual table search_quotes using fts5(words, content='',
    contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`create trigger search_quotes_kept after insert on quote_counts begin
    insert into search_quotes(rowid, words)
      select id, search_words(text) from messages where id = new.message_id; end`.execute(db);
  await sql`create trigger search_quotes_unkept after delete on quote_counts begin
    delete from search_quotes where rowid = old.message_id; end`.execute(db);
  await sql`create trigger search_quotes_edited after update of text on messages
    when exists (select 1 from quote_counts where message_id = new.id) begin
    delete from search_quotes where rowid = new.id;
    insert into search_quotes(rowid, words) values (new.id, search_words(new.text)); end`.execute(
    db,
  );
  await sql`insert into search_quotes(rowid, words)
    select m.id, search_words(m.text) from quote_counts q join messages m on m.id = q.message_id`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop view if exists search_quotes`.execute(db);
    return;
  }
  for (const trigger of ['search_quotes_kept', 'search_quotes_unkept', 'search_quotes_edited'])
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists search_quotes`.execute(db);
}
