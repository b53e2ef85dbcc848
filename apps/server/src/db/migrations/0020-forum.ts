import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * The forum (issue 21): categories hold threads, threads hold posts.
 *
 * - `forum_categories`: names and descriptions per language, a position, and who may start
 *   threads (`start_permission`: a permission of the one table, `forum.post` for everyone registered, `forum.moderate` for staff-only news), with the
 *   counters and latest post the category list shows, kept by the writes.
 * - `forum_threads`: the subject, a slug made once from it, the first and the latest post, the
 *   counters, pinned/locked/deleted; `status` and `held` mirror its first post, so a refused or
 *   held thread leaves every list in SQL. `client_id` makes a double send one thread.
 * - `forum_posts`: Markdown as written (`text`) and its sanitized rendering (`html`), made once
 *   at write time; `number` is its place in the thread; moderation status and `held` (a new
 *   account's first posts, seen by nobody but their author and moderators until accepted).
 * - `forum_post_edits`: each text a post had before an edit, for moderators.
 * - `forum_reads`: how far each reader has read each thread (unread counts, "opens where the
 *   reader stopped"); `forum_watches`: who follows a thread, and whether a `new` notification
 *   is out for it (one per thread until read).
 * Reactions go to the shared `reactions` table (`likeable_type` `forum_post`), pictures to
 * `attachment_links` (`kind` `forum_post`), complaints to `complaints` (`forum_post`), reviews to
 * `content_reviews` (`forum_post`).
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  await withId(db, db.schema.createTable('forum_categories'))
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(100)', notNull)
    .addColumn('name_en', 'varchar(100)', notNull)
    .addColumn('description_ru', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_permission', 'varchar(48)', (c) => c.notNull().defaultTo('forum.post'))
    .addColumn('threads_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_post_id', 'integer')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('forum_threads'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('forum_categories.id').onDelete('cascade'),
    )
    .addColumn('slug', 'varchar(191)', (c) => c.notNull().unique())
    .addColumn('subject', 'varchar(255)', notNull)
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_post_id', 'integer')
    .addColumn('last_post_id', 'integer')
    .addColumn('last_posted_at', ts, notNull)
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', ts, notNull)
    .addColumn('deleted_at', ts)
    .addUniqueConstraint('forum_threads_author_client', ['author_id', 'client_id'])
    .execute();
  // The category page: pinned first, then by activity (or creation), live threads only.
  await db.schema
    .createIndex('forum_threads_category_activity')
    .on('forum_threads')
    .columns(['category_id', 'pinned', 'last_posted_at'])
    .execute();
  await db.schema
    .createIndex('forum_threads_category_new')
    .on('forum_threads')
    .columns(['category_id', 'pinned', 'id'])
    .execute();

  await withId(db, db.schema.createTable('forum_posts'))
    .addColumn('thread_id', 'integer', (c) =>
      c.notNull().references('forum_threads.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', notNull)
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', notNull)
    .addColumn('html', 'text', notNull)
    .addColumn('reply_to_id', 'integer', (c) => c.references('forum_posts.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', ts, notNull)
    .addColumn('edited_at', ts)
    .addColumn('deleted_at', ts)
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('forum_posts_author_client', ['author_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('forum_posts_thread')
    .on('forum_posts')
    .columns(['thread_id', 'number'])
    .execute();
  await db.schema
    .createIndex('forum_posts_author')
    .on('forum_posts')
    .columns(['author_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('forum_post_edits'))
    .addColumn('post_id', 'integer', (c) =>
      c.notNull().references('forum_posts.id').onDelete('cascade'),
    )
    .addColumn('text', 'text', notNull)
    .addColumn('written_at', ts, notNull)
    .addColumn('replaced_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('forum_post_edits_post')
    .on('forum_post_edits')
    .columns(['post_id', 'id'])
    .execute();

  await db.schema
    .createTable('forum_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('thread_id', 'integer', (c) =>
      c.notNull().references('forum_threads.id').onDelete('cascade'),
    )
    .addColumn('last_read_number', 'integer', notNull)
    .addColumn('read_at', ts, notNull)
    .addPrimaryKeyConstraint('forum_reads_pk', ['user_id', 'thread_id'])
    .execute();

  await db.schema
    .createTable('forum_watches')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('thread_id', 'integer', (c) =>
      c.notNull().references('forum_threads.id').onDelete('cascade'),
    )
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('forum_watches_pk', ['user_id', 'thread_id'])
    .execute();
  await db.schema
    .createIndex('forum_watches_thread')
    .on('forum_watches')
    .columns(['thread_id', 'user_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'forum_watches',
    'forum_reads',
    'forum_post_edits',
    'forum_posts',
    'forum_threads',
    'forum_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
