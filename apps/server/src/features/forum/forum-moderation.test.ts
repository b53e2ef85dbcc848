import type {
  ContentReview,
  ForumCategory,
  ForumThreadPage,
  ModerationLogEntry,
  PageMeta,
} from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_HOLD_FIRST_POSTS_SETTING } from '../../db/site-settings';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { category, person, reply, thread } from './forum.test-kit';

const dialects = await testDialects();

describe.each(dialects)('forum moderation on %s', (dialect) => {
  let t: TestApp;
  let moderator: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    moderator = await person(t.app, 'moderator');
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const open = (who: Client | null, slug: string) => {
    const opts: InjectOptions = { method: 'GET', url: `/api/forum/threads/${slug}` };
    return who ? who.asBrowser(opts) : t.app.inject(opts);
  };
  const page = async (who: Client | null, slug: string) => {
    const res = await open(who, slug);
    expect(res.statusCode, res.body).toBe(200);
    return json<ForumThreadPage>(res);
  };
  const counts = async (categoryId: number) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/forum/categories' });
    return json<{ data: ForumCategory[] }>(res).data.find((c) => c.id === categoryId)!;
  };
  const queued = async (postId: number): Promise<ContentReview | undefined> => {
    for (let p = 1; ; p += 1) {
      const res = await moderator.asBrowser({
        method: 'GET',
        url: `/api/moderation/queue?page=${p}`,
      });
      const { data, meta } = json<{ data: ContentReview[]; meta: PageMeta }>(res);
      const found = data.find((r) => r.subject_type === 'forum_post' && r.subject_id === postId);
      if (found || p >= meta.last_page) return found;
    }
  };
  const decide = (id: number, payload: object) =>
    moderator.asBrowser({ method: 'POST', url: `/api/moderation/queue/${id}`, payload });
  const moderate = (who: Client, slug: string, payload: object) =>
    who.asBrowser({ method: 'POST', url: `/api/forum/threads/${slug}/moderate`, payload });
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

  it('queues posts; a refused first post hides its thread from all but its author and staff', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const started = await thread(author, cat.slug, { text: 'Купите <b>слона</b>' });
    const firstId = (await page(null, started.slug)).data[0]!.id;
    const review = (await queued(firstId))!;
    expect(review.text).toBe('Купите <b>слона</b>');
    expect(review.forum_post).toMatchObject({
      post_id: firstId,
      thread_slug: started.slug,
      thread_subject: started.subject,
      held: false,
    });
    expect((await counts(cat.id)).threads_count).toBe(1);

    const res = await decide(review.id, { status: 'refused', comment: 'spam' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await open(null, started.slug)).statusCode).toBe(404);
    expect((await open(await person(t.app), started.slug)).statusCode).toBe(404);
    expect((await page(author, started.slug)).data).toHaveLength(1);
    expect(await counts(cat.id)).toMatchObject({ threads_count: 0, posts_count: 0 });

    // The author hears of it, with where it was.
    const notes = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', author.user.id)
      .where('kind', '=', 'content')
      .execute();
    expect(JSON.parse(notes[0]!.data)).toMatchObject({
      subject_type: 'forum_post',
      status: 'refused',
      thread_slug: started.slug,
    });
  });

  it('a refused reply leaves the page and the counts; a complaint about it is 404 for others', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const replier = await person(t.app);
    const started = await thread(author, cat.slug);
    const answer = await reply(replier, started.slug, { text: 'Реклама <script>x</script>' });
    const filed = await author.asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'forum_post', target_id: answer.id, reason: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(json<{ data: { evidence: object } }>(filed).data.evidence).toMatchObject({
      kind: 'forum_post',
      text: 'Реклама <script>x</script>',
      thread: { slug: started.slug },
    });
    const own = await replier.asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'forum_post', target_id: answer.id, reason: 'spam' },
    });
    expect(own.statusCode).toBe(422);
    const res = await decide((await queued(answer.id))!.id, { status: 'refused', comment: 'ad' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(null, started.slug)).data.map((p) => p.id)).not.toContain(answer.id);
    expect((await page(replier, started.slug)).data.map((p) => p.id)).toContain(answer.id);
    expect(await counts(cat.id)).toMatchObject({ threads_count: 1, posts_count: 1 });
    const complaint = await (
      await person(t.app)
    ).asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'forum_post', target_id: answer.id, reason: 'spam' },
    });
    expect(complaint.statusCode, complaint.body).toBe(404);
  });

  it("holds a new account's first post until a moderator accepts it", async () => {
    await setHold(1);
    try {
      const cat = await category(t.app);
      const author = await person(t.app);
      const newcomer = await person(t.app);
      const started = await thread(moderator, cat.slug);
      const held = await reply(newcomer, started.slug, { text: 'Первый раз здесь' });
      expect(held.held).toBe(true);
      expect((await page(author, started.slug)).data.map((p) => p.id)).not.toContain(held.id);
      expect((await counts(cat.id)).posts_count).toBe(1);
      const review = (await queued(held.id))!;
      expect(review.forum_post?.held).toBe(true);
      const res = await decide(review.id, { status: 'accepted' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await page(author, started.slug)).data.map((p) => p.id)).toContain(held.id);
      expect((await counts(cat.id)).posts_count).toBe(2);
      // One accepted post is enough: the next is not held.
      expect((await reply(newcomer, started.slug)).held).toBe(false);
    } finally {
      await setHold(null);
    }
  });

  it('lets only moderators pin, lock, move and rename a thread, each change logged', async () => {
    const from = await category(t.app);
    const to = await category(t.app);
    const author = await person(t.app);
    const started = await thread(author, from.slug);
    await reply(await person(t.app), started.slug);

    expect((await moderate(author, started.slug, { pinned: true })).statusCode).toBe(403);
    const guest = await person(t.app, 'guest');
    expect((await moderate(guest, started.slug, { pinned: true })).statusCode).toBe(403);
    expect((await moderate(moderator, 'no-such-thread', { pinned: true })).statusCode).toBe(404);
    expect((await moderate(moderator, started.slug, {})).statusCode).toBe(422);
    expect((await moderate(moderator, started.slug, { category: 'nowhere' })).statusCode).toBe(422);

    const res = await moderate(moderator, started.slug, {
      pinned: true,
      locked: true,
      category: to.slug,
      subject: 'Новое <i>название</i>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: object }>(res).data).toMatchObject({
      pinned: true,
      locked: true,
      deleted: false,
      subject: 'Новое <i>название</i>',
      category: { id: to.id, slug: to.slug },
    });
    expect(await counts(from.id)).toMatchObject({ threads_count: 0, posts_count: 0 });
    expect(await counts(to.id)).toMatchObject({ threads_count: 1, posts_count: 2 });

    const log = await moderator.asBrowser({
      method: 'GET',
      url: `/api/moderation/log?actor_id=${moderator.user.id}`,
    });
    const actions = json<{ data: ModerationLogEntry[] }>(log)
      .data.filter((e) => e.subject_id === started.id && e.subject_type === 'forum_thread')
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['forum.lock', 'forum.move', 'forum.pin', 'forum.rename']);

    // Locked: the author may not reply; deleted: gone for readers, counted nowhere.
    const locked = await author.asBrowser({
      method: 'POST',
      url: `/api/forum/threads/${started.slug}/posts`,
      payload: { text: 'ещё', client_id: 'c-locked-1' },
    });
    expect(locked.statusCode).toBe(403);
    expect((await moderate(moderator, started.slug, { deleted: true })).statusCode).toBe(200);
    expect((await open(null, started.slug)).statusCode).toBe(404);
    expect(await counts(to.id)).toMatchObject({ threads_count: 0, posts_count: 0 });
  });

  it("logs a moderator's deletion of someone's post, not an author's own", async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const started = await thread(author, cat.slug);
    const answer = await reply(author, started.slug);
    const other = await reply(await person(t.app), started.slug);
    const del = (who: Client, id: number) =>
      who.asBrowser({ method: 'DELETE', url: `/api/forum/posts/${id}` });
    expect((await del(author, answer.id)).statusCode).toBe(204);
    expect((await del(moderator, other.id)).statusCode).toBe(204);
    await expect
      .poll(async () =>
        (
          await db()
            .selectFrom('moderation_log')
            .select(['subject_id', 'actor_id'])
            .where('action', '=', 'forum.delete_post')
            .where('subject_id', 'in', [answer.id, other.id])
            .execute()
        ).map((r) => [r.subject_id, r.actor_id]),
      )
      .toEqual([[other.id, moderator.user.id]]);
  });
});
