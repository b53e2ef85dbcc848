import { forumThreadChannel, type ForumPostStoredEvent } from '@chat/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_HOLD_FIRST_POSTS_SETTING } from '../../db/site-settings';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import {
  collect,
  connected,
  listen,
  next,
  pusherClient,
  sleep,
  subscribed,
} from '../../test/pusher-clients';
import { category, person, reply, thread } from './forum.test-kit';

const dialects = await testDialects();

describe.each(dialects)('a live forum thread on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    port = (await listen(t.app)).port;
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await t.close();
  });

  /** A visitor without a session with the thread open. */
  const reader = async (threadId: number) => {
    const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port);
    clients.push(pusher);
    await connected(pusher);
    return subscribed(pusher, forumThreadChannel(threadId));
  };

  it('hears a reply, a moderator locking the thread and a deletion', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const moderator = await person(t.app, 'moderator');
    const started = await thread(author, cat.slug);
    const channel = await reader(started.id);

    // The first post's own event may reach a reader who opened the thread that soon (on
    // PostgreSQL it crosses Redis): the reply's is the one to hear.
    const heard = collect<ForumPostStoredEvent>(channel, 'Forum.PostStored');
    const answer = await reply(await person(t.app), started.slug, { text: 'Живой ответ' });
    await expect.poll(() => heard.some((e) => e.post.id === answer.id)).toBe(true);
    const stored = heard.find((e) => e.post.id === answer.id)!;
    expect(stored.thread_id).toBe(started.id);
    expect(stored.post).toMatchObject({ id: answer.id, text: 'Живой ответ' });
    expect(stored.post.abilities).toBeUndefined();

    const locked = next<{ locked: boolean; thread_id: number }>(channel, 'Forum.ThreadUpdated');
    await moderator.asBrowser({
      method: 'POST',
      url: `/api/forum/threads/${started.slug}/moderate`,
      payload: { locked: true },
    });
    expect(await locked).toMatchObject({ thread_id: started.id, locked: true, deleted: false });

    const deleted = next<{ post_id: number }>(channel, 'Forum.PostDeleted');
    await moderator.asBrowser({ method: 'DELETE', url: `/api/forum/posts/${answer.id}` });
    expect(await deleted).toEqual({ thread_id: started.id, post_id: answer.id });
  });

  it('sends nothing of a held post until a moderator accepts it', async () => {
    const db = t.app.deps.database.db;
    await db
      .insertInto('site_settings')
      .values({ key: FORUM_HOLD_FIRST_POSTS_SETTING, value: '1' })
      .execute();
    try {
      const cat = await category(t.app);
      const moderator = await person(t.app, 'moderator');
      const started = await thread(moderator, cat.slug);
      const channel = await reader(started.id);
      const stored = collect<ForumPostStoredEvent>(channel, 'Forum.PostStored');
      const held = await reply(await person(t.app), started.slug, { text: 'Задержанный' });
      expect(held.held).toBe(true);
      await sleep(300);
      // As above, the first post's own event may come late; the held reply's may not come.
      expect(stored.filter((e) => e.post.number > 1)).toEqual([]);

      const review = await db
        .selectFrom('content_reviews')
        .select('id')
        .where('subject_type', '=', 'forum_post')
        .where('subject_id', '=', held.id)
        .executeTakeFirstOrThrow();
      const released = next<ForumPostStoredEvent>(channel, 'Forum.PostUpdated');
      const res = await moderator.asBrowser({
        method: 'POST',
        url: `/api/moderation/queue/${review.id}`,
        payload: { status: 'accepted' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await released).post).toMatchObject({ id: held.id, held: false, status: 'accepted' });
    } finally {
      await db
        .deleteFrom('site_settings')
        .where('key', '=', FORUM_HOLD_FIRST_POSTS_SETTING)
        .execute();
    }
  });
});
