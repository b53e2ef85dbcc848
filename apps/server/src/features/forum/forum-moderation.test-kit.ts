import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';

/**
 * Forum rows written straight to the database, for the moderation tests that must not wait on
 * the forum's own routes (a post counted as the forum's writes count it: public ones only).
 */
let serial = 0;

export async function insertCategory(db: Kysely<DB>, slug?: string): Promise<number> {
  serial += 1;
  const at = nowIso();
  const row = await db
    .insertInto('forum_categories')
    .values({
      slug: slug ?? `cat-${serial}-${Date.now()}`,
      name_ru: 'Категория',
      name_en: 'Category',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertThread(
  db: Kysely<DB>,
  categoryId: number,
  authorId: number,
  subject = 'A thread',
): Promise<number> {
  serial += 1;
  const at = nowIso();
  const row = await db
    .insertInto('forum_threads')
    .values({
      category_id: categoryId,
      slug: `thread-${serial}-${Date.now()}`,
      subject,
      author_id: authorId,
      last_posted_at: at,
      client_id: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A post with the next number; the thread's first post when it is number 1. */
export async function insertPost(
  db: Kysely<DB>,
  threadId: number,
  authorId: number,
  text = 'Hello there',
): Promise<{ id: number; number: number }> {
  const last = await db
    .selectFrom('forum_posts')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('thread_id', '=', threadId)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const row = await db
    .insertInto('forum_posts')
    .values({
      thread_id: threadId,
      number,
      author_id: authorId,
      text,
      html: `<p>${text}</p>`,
      reply_to_id: null,
      client_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (number === 1)
    await db
      .updateTable('forum_threads')
      .set({ first_post_id: row.id })
      .where('id', '=', threadId)
      .execute();
  return { id: row.id, number };
}
