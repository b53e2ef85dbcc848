import type { ForumCategory, ForumCategoryPage, ForumThread, ForumThreadPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { category, person, reply, replyIn, startThread, thread } from './forum.test-kit';

const dialects = await testDialects();

describe.each(dialects)('forum threads and replies on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const get = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };

  it('lets anyone read, and a registered person start a thread and reply', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const other = await person(t.app);
    const started = await thread(author, cat.slug, {
      subject: 'Привет, мир!',
      text: 'Как *дела*?',
    });
    expect(started).toMatchObject({ subject: 'Привет, мир!', posts_count: 1, is_new: false });
    expect(started.slug).toMatch(/^privet-mir/);
    const answer = await reply(other, started.slug, { text: 'Хорошо -smile-' });
    expect(answer.number).toBe(2);
    expect(answer.abilities).toMatchObject({ edit: true, delete: true, history: false });

    // A visitor without a session reads it all.
    const page = await get<ForumThreadPage>(`/api/forum/threads/${started.slug}`);
    expect(page.data.map((p) => p.number)).toEqual([1, 2]);
    expect(page.data[0]!.html).toBe('<p>Как <em>дела</em>?</p>');
    expect(page.thread.abilities).toEqual({ reply: false, moderate: false, watch: false });
    expect(page.thread.posts_count).toBe(2);

    const list = await get<{ data: ForumCategory[] }>('/api/forum/categories', {
      'x-localization': 'en',
    });
    const listed = list.data.find((c) => c.id === cat.id)!;
    expect(listed).toMatchObject({ name: 'General talk', threads_count: 1, posts_count: 2 });
    expect(listed.last_post?.post_id).toBe(answer.id);
    expect(listed.can_start).toBe(false);

    const threads = await get<ForumCategoryPage>(`/api/forum/categories/${cat.slug}`);
    expect(threads.data.map((x) => x.id)).toEqual([started.id]);
  });

  it('refuses guests (403 guest) and visitors without a session (401)', async () => {
    const cat = await category(t.app);
    const guest = await person(t.app, 'guest');
    const res = await startThread(guest, cat.slug);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('guest');
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/forum/categories/${cat.slug}/threads`,
      payload: { subject: 's', text: 't', client_id: 'abcdefgh' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('keeps staff-only categories to staff, and slugs unique', async () => {
    const news = await category(t.app, { startPermission: 'forum.moderate' });
    const user = await person(t.app);
    const moderator = await person(t.app, 'moderator');
    expect((await startThread(user, news.slug)).statusCode).toBe(403);
    const a = await thread(moderator, news.slug, { subject: 'Новости сайта' });
    const b = await thread(moderator, news.slug, { subject: 'Новости сайта' });
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug.startsWith(a.slug)).toBe(true);
  });

  it('answers a retried client_id with the first thread or post', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const first = await startThread(author, cat.slug, { client_id: 'same-thread-1' });
    const again = await startThread(author, cat.slug, { client_id: 'same-thread-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(json<{ data: { id: number } }>(again).data.id).toBe(
      json<{ data: { id: number } }>(first).data.id,
    );
    const slug = json<{ data: { slug: string } }>(first).data.slug;
    const p1 = await replyIn(author, slug, { client_id: 'same-post-1' });
    const p2 = await replyIn(author, slug, { client_id: 'same-post-1' });
    expect([p1.statusCode, p2.statusCode]).toEqual([201, 200]);
  });

  it('refuses replying to a post of another thread (422), and a locked or deleted thread', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const one = await thread(author, cat.slug);
    const two = await thread(author, cat.slug);
    const page = await get<ForumThreadPage>(`/api/forum/threads/${two.slug}`);
    const res = await replyIn(author, one.slug, { reply_to: String(page.data[0]!.id) });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toHaveProperty('reply_to');

    const db = t.app.deps.database.db;
    await db.updateTable('forum_threads').set({ locked: 1 }).where('id', '=', one.id).execute();
    const locked = await replyIn(author, one.slug);
    expect(locked.statusCode).toBe(403);
    const moderator = await person(t.app, 'moderator');
    expect((await replyIn(moderator, one.slug)).statusCode).toBe(201);

    // A visitor has the thread's page kept; a moderator deletes the thread: it is gone for both.
    await get<ForumThreadPage>(`/api/forum/threads/${two.slug}`);
    const deleted = await moderator.asBrowser({
      method: 'POST',
      url: `/api/forum/threads/${two.slug}/moderate`,
      payload: { deleted: true },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await replyIn(author, two.slug)).statusCode).toBe(404);
    const gone = await t.app.inject({ method: 'GET', url: `/api/forum/threads/${two.slug}` });
    expect(gone.statusCode).toBe(404);
  });

  it('gives threads of one subject started at once their own slugs', async () => {
    const cat = await category(t.app);
    const people = await Promise.all(Array.from({ length: 8 }, () => person(t.app)));
    const results = await Promise.all(
      people.map((p) => startThread(p, cat.slug, { subject: 'Одна и та же тема' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(people.map(() => 201));
    const slugs = results.map((r) => json<{ data: ForumThread }>(r).data.slug);
    expect(new Set(slugs).size).toBe(people.length);
    expect(slugs).toContain('odna-i-ta-zhe-tema');
  });
});
