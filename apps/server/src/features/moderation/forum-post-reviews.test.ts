import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_HOLD_FIRST_POSTS_SETTING } from '../../db/site-settings';
import { nowIso } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser } from '../../test/factories';
import { ContentReviewsRepository } from './content-reviews.repository';
import { ForumVisibilityRepository } from '../forum/forum-visibility.repository';
import { insertCategory, insertPost, insertThread } from '../forum/forum-moderation.test-kit';

const dialects = await testDialects();

describe.each(dialects)('the forum post write hook of content moderation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const port = () => new ContentReviewsRepository(db());
  const setHold = async (n: number | null) => {
    await db()
      .deleteFrom('site_settings')
      .where('key', '=', FORUM_HOLD_FIRST_POSTS_SETTING)
      .execute();
    if (n !== null)
      await db()
        .insertInto('site_settings')
        .values({ key: FORUM_HOLD_FIRST_POSTS_SETTING, value: String(n) })
        .execute();
  };
  const written = async (threadId: number, authorId: number, isFirst = false) => {
    const post = await insertPost(db(), threadId, authorId);
    const review = await db()
      .transaction()
      .execute((trx) =>
        port().forumPostWritten(trx, {
          postId: post.id,
          threadId,
          ownerId: authorId,
          isFirst,
          at: nowIso(),
        }),
      );
    return { post, review };
  };
  const postRow = (id: number) =>
    db().selectFrom('forum_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const threadRow = (id: number) =>
    db().selectFrom('forum_threads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues a post as new, holds nothing by default, and edits of a refused post wait as updated', async () => {
    await setHold(null);
    const author = await buildUser(t.app);
    const thread = await insertThread(db(), await insertCategory(db()), author.id);
    const { post, review } = await written(thread, author.id, true);
    expect(review).toEqual({ status: 'new', held: false });
    expect(await threadRow(thread)).toMatchObject({ status: 'new', held: 0 });

    await db()
      .updateTable('content_reviews')
      .set({ status: 'refused' })
      .where('subject_type', '=', 'forum_post')
      .where('subject_id', '=', post.id)
      .execute();
    const edited = await db()
      .transaction()
      .execute((trx) =>
        port().forumPostEdited(trx, {
          postId: post.id,
          threadId: thread,
          ownerId: author.id,
          isFirst: true,
          at: nowIso(),
        }),
      );
    expect(edited).toEqual({ status: 'updated', held: false });
    expect(await postRow(post.id)).toMatchObject({ status: 'updated' });
    expect(await threadRow(thread)).toMatchObject({ status: 'updated' });
  });

  it("holds a new account's first posts while it has fewer accepted than the setting, never a moderator's", async () => {
    await setHold(1);
    const author = await buildUser(t.app);
    const moderator = await buildUser(t.app, { role: 'moderator' });
    const category = await insertCategory(db());
    const thread = await insertThread(db(), category, author.id);
    const first = await written(thread, author.id, true);
    expect(first.review).toEqual({ status: 'new', held: true });
    expect(await threadRow(thread)).toMatchObject({ held: 1 });
    expect((await written(thread, moderator.id)).review.held).toBe(false);

    // Accepting releases it; the counters count it now, and the next post is not held.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('content_reviews')
          .set({ status: 'accepted' })
          .where('subject_type', '=', 'forum_post')
          .where('subject_id', '=', first.post.id)
          .execute();
        await port().mirror(trx, { type: 'forum_post', id: first.post.id }, 'accepted');
      });
    expect(await postRow(first.post.id)).toMatchObject({ status: 'accepted', held: 0 });
    expect(await threadRow(thread)).toMatchObject({ status: 'accepted', held: 0, posts_count: 2 });
    const cat = await db()
      .selectFrom('forum_categories')
      .selectAll()
      .where('id', '=', category)
      .executeTakeFirstOrThrow();
    expect(cat).toMatchObject({ threads_count: 1, posts_count: 2 });
    expect((await written(thread, author.id)).review.held).toBe(false);
    await setHold(null);
  });

  it('recounts a thread without public posts to zero and keeps the category in step', async () => {
    const author = await buildUser(t.app);
    const category = await insertCategory(db());
    const thread = await insertThread(db(), category, author.id);
    const { post } = await written(thread, author.id, true);
    await db()
      .updateTable('forum_posts')
      .set({ status: 'refused' })
      .where('id', '=', post.id)
      .execute();
    await db()
      .updateTable('forum_threads')
      .set({ status: 'refused' })
      .where('id', '=', thread)
      .execute();
    await db()
      .transaction()
      .execute((trx) => new ForumVisibilityRepository().recountAround(trx, thread));
    expect(await threadRow(thread)).toMatchObject({ posts_count: 0, last_post_id: null });
    const cat = await db()
      .selectFrom('forum_categories')
      .selectAll()
      .where('id', '=', category)
      .executeTakeFirstOrThrow();
    expect(cat).toMatchObject({ threads_count: 0, posts_count: 0, last_post_id: null });
  });
});
