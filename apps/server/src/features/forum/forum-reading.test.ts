import { FORUM_EDIT_WINDOW_MS, type ForumCategoryPage, type ForumThreadPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { category, person, reply, thread } from './forum.test-kit';

const dialects = await testDialects();

describe.each(dialects)('reading and editing the forum on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const open = async (who: Client, url: string) => {
    const res = await who.asBrowser({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return json<ForumThreadPage>(res);
  };
  /** Straight posts (no rate limit): `n` replies by `who`. */
  const many = async (who: Client, slug: string, n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      await t.app.deps.rateLimits.reset(
        { name: 'forum-post', points: 0, durationSeconds: 60 },
        String(who.user.id),
      );
      ids.push((await reply(who, slug, { text: `Reply ${i}` })).id);
    }
    return ids;
  };

  it('counts unread posts per reader and opens the first unread one', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const reader = await person(t.app);
    const th = await thread(author, cat.slug);
    const list = async () =>
      json<ForumCategoryPage>(
        await reader.asBrowser({ method: 'GET', url: `/api/forum/categories/${cat.slug}` }),
      ).data[0]!;
    expect(await list()).toMatchObject({ is_new: true, unread: 1 });
    await open(reader, `/api/forum/threads/${th.slug}`);
    expect(await list()).toMatchObject({ is_new: false, unread: 0 });
    const ids = await many(author, th.slug, 25);
    expect(await list()).toMatchObject({ unread: 25 });
    // Page 1 read to its end (20 posts): the next open is page 2, at the first unread post.
    const first = await open(reader, `/api/forum/threads/${th.slug}?page=1`);
    expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, total: 26 });
    const next = await open(reader, `/api/forum/threads/${th.slug}`);
    expect(next.meta.current_page).toBe(2);
    expect(next.thread.first_unread_post_id).toBe(ids[19]);
    // The mark never moves back: reading page 1 again leaves page 2's posts read.
    await open(reader, `/api/forum/threads/${th.slug}?page=1`);
    expect(await list()).toMatchObject({ unread: 0 });
  });

  it('opens the page holding ?post=, and answers pages past the end with none', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const th = await thread(author, cat.slug);
    const ids = await many(author, th.slug, 22);
    const page = await open(author, `/api/forum/threads/${th.slug}?post=${ids[21]}`);
    expect(page.meta.current_page).toBe(2);
    expect(page.data.map((p) => p.id)).toContain(ids[21]);
    const far = await open(author, `/api/forum/threads/${th.slug}?page=999999`);
    expect(far.data).toEqual([]);
    const other = await thread(author, cat.slug);
    const wrong = await author.asBrowser({
      method: 'GET',
      url: `/api/forum/threads/${other.slug}?post=${ids[0]}`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it("keeps edits for moderators, refuses another's post and the closed window", async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const other = await person(t.app);
    const moderator = await person(t.app, 'moderator');
    const th = await thread(author, cat.slug);
    const post = await reply(author, th.slug, { text: 'First words' });
    const edit = (who: Client, text: string) =>
      who.asBrowser({ method: 'PATCH', url: `/api/forum/posts/${post.id}`, payload: { text } });
    expect((await edit(other, 'Hijacked')).statusCode).toBe(403);
    const edited = await edit(author, 'Second *words*');
    expect(edited.statusCode).toBe(200);
    expect(json<{ data: { html: string } }>(edited).data.html).toBe('<p>Second <em>words</em></p>');
    const history = (who: Client) =>
      who.asBrowser({ method: 'GET', url: `/api/forum/posts/${post.id}/edits` });
    expect((await history(author)).statusCode).toBe(403);
    const edits = json<{ data: { text: string }[] }>(await history(moderator)).data;
    expect(edits.map((e) => e.text)).toEqual(['First words']);

    const old = new Date(Date.now() - FORUM_EDIT_WINDOW_MS - 60_000).toISOString();
    await t.app.deps.database.db
      .updateTable('forum_posts')
      .set({ created_at: old })
      .where('id', '=', post.id)
      .execute();
    const late = await edit(author, 'Too late');
    expect(late.statusCode).toBe(403);
    expect((await edit(moderator, 'Staff may')).statusCode).toBe(200);
  });

  it('deletes posts: the author their own, never the answered first post; counters follow', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const other = await person(t.app);
    const th = await thread(author, cat.slug);
    const answer = await reply(other, th.slug);
    const first = (await open(author, `/api/forum/threads/${th.slug}`)).data[0]!;
    const del = (who: Client, id: number) =>
      who.asBrowser({ method: 'DELETE', url: `/api/forum/posts/${id}` });
    expect((await del(author, answer.id)).statusCode).toBe(403);
    expect((await del(author, first.id)).statusCode).toBe(403);
    expect((await del(other, answer.id)).statusCode).toBe(204);
    const after = await open(author, `/api/forum/threads/${th.slug}`);
    expect(after.data.map((p) => p.id)).toEqual([first.id]);
    expect(after.thread.posts_count).toBe(1);
    // Now unanswered, the first post goes, and its thread with it.
    expect((await del(author, first.id)).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/forum/threads/${th.slug}` });
    expect(gone.statusCode).toBe(404);
  });

  it('renders the preview as the stored post will be, and reacts once per reaction', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const th = await thread(author, cat.slug);
    const text = 'Смотри *это*: https://example.com <script>x</script>';
    const preview = await author.asBrowser({
      method: 'POST',
      url: '/api/forum/preview',
      payload: { text },
    });
    const post = await reply(author, th.slug, { text });
    expect(json<{ data: { html: string } }>(preview).data.html).toBe(post.html);
    const react = () =>
      author.asBrowser({
        method: 'POST',
        url: `/api/forum/posts/${post.id}/reactions`,
        payload: { reaction: 'like' },
      });
    expect((await react()).statusCode).toBe(201);
    expect((await react()).statusCode).toBe(201);
    const page = await open(author, `/api/forum/threads/${th.slug}?post=${post.id}`);
    expect(page.data.find((p) => p.id === post.id)!.reactions).toHaveLength(1);
  });

  it('keeps pages for visitors without a session, and rebuilds them when the thread changes', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const moderator = await person(t.app, 'moderator');
    const th = await thread(author, cat.slug);
    const answer = await reply(author, th.slug, { text: 'First words' });
    const visitor = async () =>
      json<ForumThreadPage>(
        await t.app.inject({ method: 'GET', url: `/api/forum/threads/${th.slug}` }),
      );
    const listing = async () =>
      json<ForumCategoryPage>(
        await t.app.inject({ method: 'GET', url: `/api/forum/categories/${cat.slug}` }),
      );
    const seen = async () => (await visitor()).data.find((p) => p.id === answer.id);
    expect((await seen())!.reactions).toHaveLength(0);
    expect((await listing()).data[0]!.posts_count).toBe(2);

    // A reaction, an edit, a new reply and a moderator's deletion show at the next visit.
    const reacted = await author.asBrowser({
      method: 'POST',
      url: `/api/forum/posts/${answer.id}/reactions`,
      payload: { reaction: 'like' },
    });
    expect(reacted.statusCode).toBe(201);
    expect((await seen())!.reactions).toHaveLength(1);
    const edited = await author.asBrowser({
      method: 'PATCH',
      url: `/api/forum/posts/${answer.id}`,
      payload: { text: 'Second words' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await seen())!.text).toBe('Second words');
    const later = await reply(author, th.slug, { text: 'Another' });
    expect((await visitor()).data.map((p) => p.id)).toContain(later.id);
    expect((await listing()).data[0]!.posts_count).toBe(3);
    const removed = await moderator.asBrowser({
      method: 'DELETE',
      url: `/api/forum/posts/${answer.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await seen()).toBeUndefined();
    expect((await listing()).data[0]!.posts_count).toBe(2);
    // Visits are counted; a rebuilt page shows them (a kept one may be up to its age behind).
    expect((await visitor()).thread.views).toBeGreaterThan(0);
  });

  it('cuts a visitor’s deep page from the whole listing, as a reader’s, and follows a deletion', async () => {
    const cat = await category(t.app);
    const author = await person(t.app);
    const reader = await person(t.app);
    const moderator = await person(t.app, 'moderator');
    const th = await thread(author, cat.slug);
    const db = t.app.deps.database.db;
    const row = await db
      .selectFrom('forum_threads')
      .select('id')
      .where('slug', '=', th.slug)
      .executeTakeFirstOrThrow();
    // 1,100 more posts written straight (the last pages are past GUEST_LISTING_FROM): every 50th held for review, every 77th deleted.
    const at = new Date().toISOString();
    const rows = Array.from({ length: 1100 }, (_, i) => ({
      thread_id: row.id,
      number: i + 2,
      author_id: author.user.id,
      text: `Post ${i + 2}`,
      html: `<p>Post ${i + 2}</p>`,
      reply_to_id: null,
      client_id: null,
      created_at: at,
      held: i % 50 === 0 ? 1 : 0,
      deleted_at: i % 77 === 0 ? at : null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('forum_posts')
        .values(rows.slice(i, i + 200))
        .execute();
    const listed = rows.filter((r) => r.held === 0 && r.deleted_at === null).length + 1;
    await db
      .updateTable('forum_threads')
      .set({ posts_count: listed })
      .where('id', '=', row.id)
      .execute();
    const lastPage = Math.ceil(listed / 20);
    const visitorPage = async (page: number) =>
      json<ForumThreadPage>(
        await t.app.inject({ method: 'GET', url: `/api/forum/threads/${th.slug}?page=${page}` }),
      );
    const ids = (p: ForumThreadPage) => p.data.map((post) => post.id);
    const deep = await visitorPage(lastPage - 1);
    const asReader = await open(reader, `/api/forum/threads/${th.slug}?page=${lastPage - 1}`);
    expect(deep.meta).toEqual(asReader.meta);
    expect(ids(deep)).toEqual(ids(asReader));
    expect(deep.data.map((p) => p.text)).not.toContain('Post 2');

    // A post near the start goes: every later page moves by one, for visitors too.
    const early = (await open(reader, `/api/forum/threads/${th.slug}?page=1`)).data[3]!;
    const del = await moderator.asBrowser({
      method: 'DELETE',
      url: `/api/forum/posts/${early.id}`,
    });
    expect(del.statusCode).toBe(204);
    const moved = await visitorPage(lastPage - 1);
    const movedForReader = await open(reader, `/api/forum/threads/${th.slug}?page=${lastPage - 1}`);
    expect(ids(moved)).toEqual(ids(movedForReader));
    expect(ids(moved)[0]).toBe(ids(deep)[1]);
    expect(moved.meta.total).toBe(deep.meta.total - 1);
  });
});
