import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { category, person, reply, thread } from './forum.test-kit';

const dialects = await testDialects();

describe.each(dialects)('following forum threads on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  /** The forum notifications a person has, as `type:post_id`, oldest first. */
  const notes = async (who: Client) =>
    (
      await db()
        .selectFrom('notifications')
        .select(['data', 'id'])
        .where('user_id', '=', who.user.id)
        .where('kind', '=', 'new')
        .orderBy('id')
        .execute()
    )
      .map((r) => JSON.parse(r.data) as { type: string; post_id: number; thread: { slug: string } })
      .filter((d) => d.type.startsWith('forum_'))
      .map((d) => `${d.type}:${d.post_id}`);
  const watchers = async (threadId: number) =>
    (
      await db()
        .selectFrom('forum_watches')
        .select('user_id')
        .where('thread_id', '=', threadId)
        .execute()
    ).map((r) => r.user_id);
  const read = async (who: Client, slug: string) => {
    const res = await who.asBrowser({ method: 'GET', url: `/api/forum/threads/${slug}` });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('tells a follower once per thread until they read it, and never of what they ignore', async () => {
    const cat = await category(t.app);
    const [author, b, c, d, ignored] = await Promise.all([1, 2, 3, 4, 5].map(() => person(t.app)));
    const started = await thread(author!, cat.slug);
    await expect.poll(() => watchers(started.id)).toEqual([author!.user.id]);

    const first = await reply(b!, started.slug);
    await expect.poll(() => notes(author!)).toEqual([`forum_reply:${first.id}`]);
    // Repliers follow too.
    await expect.poll(() => watchers(started.id)).toHaveLength(2);
    await reply(c!, started.slug);
    await new Promise((r) => setTimeout(r, 150));
    expect(await notes(author!)).toHaveLength(1);
    // b was told of c's reply (b's own post does not count as unread).
    await expect.poll(() => notes(b!)).toHaveLength(1);

    await read(author!, started.slug);
    await db()
      .insertInto('ignores')
      .values({ user_id: author!.user.id, ignored_id: ignored!.user.id, created_at: nowIso() })
      .execute();
    await reply(ignored!, started.slug);
    await new Promise((r) => setTimeout(r, 150));
    expect(await notes(author!)).toHaveLength(1);
    const later = await reply(d!, started.slug);
    await expect
      .poll(() => notes(author!))
      .toEqual([`forum_reply:${first.id}`, `forum_reply:${later.id}`]);
  });

  it('tells a person named @nick, once, unless they ignore the author', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const named = await person(t.app, 'user', `Named${Date.now() % 100000}`);
    const ignoring = await person(t.app, 'user', `Ign${Date.now() % 100000}`);
    await db()
      .insertInto('ignores')
      .values({ user_id: ignoring.user.id, ignored_id: author.user.id, created_at: nowIso() })
      .execute();
    const started = await thread(author, cat.slug);
    const post = await reply(author, started.slug, {
      text: `Привет, @${named.user.nick} и @${ignoring.user.nick}!`,
    });
    await expect.poll(() => notes(named)).toEqual([`forum_mention:${post.id}`]);
    expect(await notes(ignoring)).toEqual([]);
  });

  it('follows and unfollows by hand; guests and unknown threads are refused', async () => {
    const cat = await category(t.app);
    const started = await thread(await person(t.app), cat.slug);
    const reader = await person(t.app);
    const call = (who: Client, method: 'POST' | 'DELETE', slug = started.slug) =>
      who.asBrowser({ method, url: `/api/forum/threads/${slug}/watch` });
    const on = await call(reader, 'POST');
    expect(on.statusCode, on.body).toBe(200);
    expect(json<{ data: { watching: boolean } }>(on).data).toEqual({ watching: true });
    expect((await call(reader, 'POST')).statusCode).toBe(200);
    expect(await watchers(started.id)).toContain(reader.user.id);
    const off = await call(reader, 'DELETE');
    expect(json<{ data: { watching: boolean } }>(off).data).toEqual({ watching: false });
    expect(await watchers(started.id)).not.toContain(reader.user.id);
    expect((await call(await person(t.app, 'guest'), 'POST')).statusCode).toBe(403);
    expect((await call(reader, 'POST', 'no-such-thread')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/forum/threads/${started.slug}/watch`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
