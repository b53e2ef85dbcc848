import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers';

/**
 * SQLite indexes forum posts in batches, as it does chat messages
 * (features/search/sqlite-batch-indexer.ts): the insert trigger of 0021 goes, and a cursor
 * starts after the posts indexed so far. An edit or a hard deletion of a post the batch has
 * passed still changes its index row at once (a post the batch has not reached yet is indexed
 * as it then is). PostgreSQL's expression indexes need nothing.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  const indexed = sql`new.id <= coalesce((select last_id from search_cursors
    where name = 'forum_posts'), 0)`;
  await sql`drop trigger search_forum_posts_insert`.execute(db);
  await sql`drop trigger search_forum_posts_update`.execute(db);
  await sql`drop trigger search_forum_posts_delete`.execute(db);
  await sql`create trigger search_forum_posts_update after update of text on forum_posts
    when ${indexed} begin
      delete from search_forum_posts where rowid = old.id;
      insert into search_forum_posts(rowid, words) values (new.id, search_words(new.text)); end`.execute(
    db,
  );
  await sql`create trigger search_forum_posts_delete after delete on forum_posts
    when old.id <= coalesce((select last_id from search_cursors where name = 'forum_posts'), 0)
    begin delete from search_forum_posts where rowid = old.id; end`.execute(db);
  await sql`insert into search_cursors(name, last_id)
    select 'forum_posts', coalesce(max(id), 0) from forum_posts where true
    on conflict(name) do update set last_id = excluded.last_id`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`insert into search_forum_posts(rowid, words)
    select id, search_words(text) from forum_posts
    where id > coalesce((select last_id from search_cursors where name = 'forum_posts'), 0)`.execute(
    db,
  );
  await sql`delete from search_cursors where name = 'forum_posts'`.execute(db);
  await sql`drop trigger search_forum_posts_update`.execute(db);
  await sql`drop trigger search_forum_posts_delete`.execute(db);
  await sql`create trigger search_forum_posts_insert after insert on forum_posts begin
    insert into search_forum_posts(rowid, words) values (new.id, search_words(new.text)); end`.execute(
    db,
  );
  await sql`create trigger search_forum_posts_update after update of text on forum_posts begin
    delete from search_forum_posts where rowid = old.id;
    insert into search_forum_posts(rowid, words) values (new.id, search_words(new.text)); end`.execute(
    db,
  );
  await sql`create trigger search_forum_posts_delete after delete on forum_posts begin
    delete from search_forum_posts where rowid = old.id; end`.execute(db);
}
