import { sql } from 'kysely';
import type { MigrationDb } from './helpers';

/**
 * Forum pages found in their indexes (issue 21's benchmark). A page of a 10,000-post thread or
 * of a 50,000-thread category is an offset into what the reader may see; these indexes hold
 * every column the listing rule (access/forum-post.policy.ts) reads, so the page's ids are
 * found by walking index entries, and only its 20 (or 50–200) rows are read from the table:
 *
 * - a thread's posts in number order with their visibility columns (replaces the bare
 *   `(thread_id, number)`, which made every skipped post a table read);
 * - a category's threads in each sort's exact order, `id` the tie-breaker (without it SQLite
 *   sorted the whole category per request), pinned first;
 * - the few people marked trolls, so "not a troll's" is a look-up in a tiny list instead of a
 *   join with `users` for each skipped row;
 * - an author's posts and threads by thread and category, with the visibility columns: a
 *   page's total is the public counter corrected by a few authors' items (trolls' taken off,
 *   the reader's own hidden ones added), each a short range of this index, never a count of
 *   the thread or category. It replaces `forum_posts_author (author_id, id)`.
 */
const VISIBILITY = ['deleted_at', 'held', 'status', 'author_id'] as const;

const THREAD_INDEXES = [
  {
    name: 'forum_threads_category_activity',
    columns: ['category_id', 'pinned', 'last_posted_at', 'id', ...VISIBILITY],
  },
  { name: 'forum_threads_category_new', columns: ['category_id', 'pinned', 'id', ...VISIBILITY] },
  {
    name: 'forum_threads_category_top',
    columns: ['category_id', 'pinned', 'posts_count', 'id', ...VISIBILITY],
  },
] as const;

const AUTHOR_INDEXES = [
  {
    name: 'forum_posts_author_thread',
    table: 'forum_posts',
    columns: ['author_id', 'thread_id', 'deleted_at', 'held', 'status'],
  },
  {
    name: 'forum_threads_author_category',
    table: 'forum_threads',
    columns: ['author_id', 'category_id', 'deleted_at', 'held', 'status'],
  },
] as const;

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('forum_posts_thread').execute();
  await db.schema
    .createIndex('forum_posts_thread_listed')
    .on('forum_posts')
    .columns(['thread_id', 'number', ...VISIBILITY, 'id'])
    .execute();
  await db.schema.dropIndex('forum_threads_category_activity').execute();
  await db.schema.dropIndex('forum_threads_category_new').execute();
  for (const index of THREAD_INDEXES)
    await db.schema
      .createIndex(index.name)
      .on('forum_threads')
      .columns([...index.columns])
      .execute();
  await db.schema
    .createIndex('users_trolls')
    .on('users')
    .column('id')
    .where(sql.ref('is_troll'), '=', 1)
    .execute();
  await db.schema.dropIndex('forum_posts_author').execute();
  for (const index of AUTHOR_INDEXES)
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns])
      .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const index of AUTHOR_INDEXES) await db.schema.dropIndex(index.name).execute();
  await db.schema
    .createIndex('forum_posts_author')
    .on('forum_posts')
    .columns(['author_id', 'id'])
    .execute();
  await db.schema.dropIndex('users_trolls').execute();
  for (const index of THREAD_INDEXES) await db.schema.dropIndex(index.name).execute();
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
  await db.schema.dropIndex('forum_posts_thread_listed').execute();
  await db.schema
    .createIndex('forum_posts_thread')
    .on('forum_posts')
    .columns(['thread_id', 'number'])
    .execute();
}
