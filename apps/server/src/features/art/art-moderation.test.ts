import type {
  ArtGalleryPage,
  ArtGroup,
  ContentReview,
  NotificationWire,
  PageMeta,
  Profile,
  SearchHit,
} from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_HOLD_FIRST_POSTS_SETTING } from '../../db/site-settings';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { commentOn, group, person, picture, publish } from './art.test-kit';

const dialects = await testDialects();

describe.each(dialects)('art moderation, complaints, search and notifications on %s', (dialect) => {
  let t: TestApp;
  let moderator: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    moderator = await person(t.app, 'moderator');
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const queued = async (type: string, id: number): Promise<ContentReview | undefined> => {
    for (let p = 1; ; p += 1) {
      const res = await moderator.asBrowser({
        method: 'GET',
        url: `/api/moderation/queue?page=${p}`,
      });
      const { data, meta } = json<{ data: ContentReview[]; meta: PageMeta }>(res);
      const found = data.find((r) => r.subject_type === type && r.subject_id === id);
      if (found || p >= meta.last_page) return found;
    }
  };
  const decide = (id: number, payload: object) =>
    moderator.asBrowser({ method: 'POST', url: `/api/moderation/queue/${id}`, payload });
  const gallery = async (url: string, who?: Client) => {
    const res = who
      ? await who.asBrowser({ method: 'GET', url })
      : await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return json<ArtGalleryPage>(res);
  };
  const search = async (q: string, who?: Client) => {
    const url = `/api/search?q=${encodeURIComponent(q)}&in=art&sort=new`;
    const res = who
      ? await who.asBrowser({ method: 'GET', url })
      : await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: SearchHit[] }>(res).data;
  };
  const groupOf = async (id: number) =>
    json<{ data: ArtGroup[] }>(
      await t.app.inject({ method: 'GET', url: '/api/art/groups' }),
    ).data.find((g) => g.id === id)!;

  it('queues a post; a refused one leaves galleries, covers, counts and search but for its author and staff', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug, {
      title: 'Купите <b>слона</b>',
      text: 'Розовый слонопотам',
    });
    expect(post.title).toBe('Купите <b>слона</b>');
    const review = (await queued('art_post', post.id))!;
    expect(review.art).toMatchObject({ post_id: post.id, post_slug: post.slug, comment_id: null });
    expect(review.attachment?.id).toBe(post.pictures[0]!.id);
    expect((await search('слонопотам')).map((h) => h.id)).toEqual([post.id]);
    expect((await search('слонопотам'))[0]!.link).toEqual({
      kind: 'art',
      post_slug: post.slug,
      comment_id: null,
    });

    expect((await decide(review.id, { status: 'refused', comment: 'ad' })).statusCode).toBe(200);
    expect((await gallery(`/api/art/groups/${g.slug}`)).data).toEqual([]);
    expect((await gallery(`/api/art/groups/${g.slug}`)).group).toMatchObject({
      posts_count: 0,
      cover: null,
    });
    expect(await groupOf(g.id)).toMatchObject({ posts_count: 0, cover: null });
    expect((await gallery(`/api/art?user=${author.user.id}`)).data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/art/posts/${post.slug}` })).statusCode,
    ).toBe(404);
    expect(await search('слонопотам')).toEqual([]);
    // The author still sees it in their own gallery (not among everyone's), and staff everywhere.
    expect((await gallery(`/api/art/groups/${g.slug}`, author)).data).toEqual([]);
    const own = await gallery(`/api/art?user=${author.user.id}`, author);
    expect(own.data.map((p) => [p.id, p.status])).toEqual([[post.id, 'refused']]);
    expect(own.meta.total).toBe(1);
    expect((await gallery(`/api/art/groups/${g.slug}`, moderator)).meta.total).toBe(1);
    const notes = json<{ data: NotificationWire[] }>(
      await author.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data;
    expect(notes[0]).toMatchObject({
      kind: 'content',
      data: { subject_type: 'art_post', status: 'refused', post_slug: post.slug },
    });
  });

  it('covers the pictures of a post its author marked 18+ in the queue and in evidence', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug, { title: 'Ню', adult: true });
    expect(post.pictures[0]!.adult).toBe(0); // the classifier saw nothing; the mark covers it
    expect((await queued('art_post', post.id))!.attachment).toMatchObject({ adult: 1 });
    const filed = await (
      await person(t.app)
    ).asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'art_post', target_id: post.id, reason: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const evidence = json<{ data: { evidence: { attachments: { adult: number }[] } } }>(filed).data
      .evidence;
    expect(evidence.attachments.map((a) => a.adult)).toEqual([1]);
  });

  it('holds a new account’s first posts until a moderator accepts them', async () => {
    await db()
      .insertInto('site_settings')
      .values({ key: FORUM_HOLD_FIRST_POSTS_SETTING, value: '1' })
      .execute();
    try {
      const g = await group(t.app);
      const author = await person(t.app);
      const post = await publish(t.app, author, g.slug, { title: 'Первая работа' });
      expect((await gallery(`/api/art/groups/${g.slug}`)).data).toEqual([]);
      expect((await groupOf(g.id)).posts_count).toBe(0);
      const review = (await queued('art_post', post.id))!;
      expect(review.art?.held).toBe(true);
      expect((await decide(review.id, { status: 'accepted' })).statusCode).toBe(200);
      expect((await gallery(`/api/art/groups/${g.slug}`)).data.map((p) => p.id)).toEqual([post.id]);
      expect((await groupOf(g.id)).posts_count).toBe(1);
    } finally {
      await db()
        .deleteFrom('site_settings')
        .where('key', '=', FORUM_HOLD_FIRST_POSTS_SETTING)
        .execute();
    }
  });

  it('takes complaints about posts and comments, with evidence linking the post', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const reader = await person(t.app);
    const post = await publish(t.app, author, g.slug, { title: 'Жалоба' });
    const comment = json<{ data: { id: number } }>(
      await commentOn(reader, post.id, { text: 'Грубость' }),
    ).data;
    const filed = await reader.asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'art_post', target_id: post.id, reason: 'spam' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(json<{ data: { evidence: object } }>(filed).data.evidence).toMatchObject({
      kind: 'art_post',
      art_post: { id: post.id, slug: post.slug, title: 'Жалоба' },
    });
    const aboutComment = await author.asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'art_comment', target_id: comment.id, reason: 'insult' },
    });
    expect(aboutComment.statusCode, aboutComment.body).toBe(201);
    expect(json<{ data: { evidence: object } }>(aboutComment).data.evidence).toMatchObject({
      kind: 'art_comment',
      text: 'Грубость',
      art_post: { id: post.id, slug: post.slug },
    });
    const own = await author.asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'art_post', target_id: post.id, reason: 'spam' },
    });
    expect(own.statusCode).toBe(422);

    // A deleted post is not there to complain about; a moderator's deletion is logged.
    expect(
      (await moderator.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}` }))
        .statusCode,
    ).toBe(204);
    const gone = await (
      await person(t.app)
    ).asBrowser({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'art_post', target_id: post.id, reason: 'spam' },
    });
    expect(gone.statusCode).toBe(404);
    const log = await db()
      .selectFrom('moderation_log')
      .select(['action', 'subject_id'])
      .where('target_user_id', '=', author.user.id)
      .execute();
    expect(log).toContainEqual({ action: 'art.delete_post', subject_id: post.id });
  });

  it('finds comments by their words, not those of hidden posts', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug, { title: 'Поиск' });
    await commentOn(await person(t.app), post.id, { text: 'Бегемотики танцуют' });
    const hits = await search('бегемотики');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ type: 'art_comment', title: 'Поиск' });
    expect(hits[0]!.link).toMatchObject({ kind: 'art', post_slug: post.slug });
    await author.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}` });
    expect(await search('бегемотики')).toEqual([]);
  });

  it('groups likes and comments into one notification per post for its author', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug, { title: 'Кот' });
    const fans = await Promise.all(Array.from({ length: 5 }, () => person(t.app)));
    for (const fan of fans)
      await fan.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    // A like taken back and given again counts its person once; the author's own tells nobody.
    await fans[0]!.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}/like` });
    await fans[0]!.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    await author.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    // Someone the author ignores tells nothing.
    const ignored = await person(t.app);
    await db()
      .insertInto('ignores')
      .values({
        user_id: author.user.id,
        ignored_id: ignored.user.id,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await ignored.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    await commentOn(fans[1]!, post.id, { text: 'Мяу' });
    await commentOn(fans[2]!, post.id, { text: 'Мур' });

    // Notifications are told after the answers (domain events): wait for them to settle.
    const notes = async () =>
      json<{ data: NotificationWire[] }>(
        await author.asBrowser({ method: 'GET', url: '/api/notifications' }),
      ).data.filter((n) => n.kind === 'new');
    const ofType = async (type: string) => (await notes()).filter((n) => n.data.type === type);
    await expect.poll(async () => (await ofType('art_comment'))[0]?.data.count).toBe(2);
    await expect.poll(async () => (await ofType('art_like'))[0]?.data.count).toBe(5);
    const likes = await ofType('art_like');
    const comments = await ofType('art_comment');
    expect(likes).toHaveLength(1);
    expect(likes[0]!.data).toMatchObject({
      post_id: post.id,
      post_slug: post.slug,
      post_title: 'Кот',
      count: 5,
      user: { id: fans[0]!.user.id },
    });
    expect(comments).toHaveLength(1);
    expect(comments[0]!.data).toMatchObject({
      count: 2,
      user: { id: fans[2]!.user.id },
      text: 'Мур',
    });

    // Once read, the next like starts a new one.
    await author.asBrowser({ method: 'POST', url: `/api/notifications/${likes[0]!.id}/read` });
    await (
      await person(t.app)
    ).asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    await expect
      .poll(async () => (await ofType('art_like')).map((n) => n.data.count))
      .toEqual([1, 5]);
  });

  it("counts a person's posts on their profile", async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    await publish(t.app, author, g.slug);
    await publish(t.app, author, g.slug, { attachments: [await picture(t.app, author)] });
    const profile = json<{ data: Profile }>(
      await t.app.inject({ method: 'GET', url: `/api/profile/${author.user.slug}` }),
    ).data;
    expect(profile.art_posts_count).toBe(2);
  });
});
