import type { ArtComment, ArtLike, ArtPostPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { clientId, commentOn, group, person, publish } from './art.test-kit';

const dialects = await testDialects();

describe.each(dialects)('art likes and comments on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const likesOf = async (slug: string) =>
    json<ArtPostPage>(await t.app.inject({ method: 'GET', url: `/api/art/posts/${slug}` })).data
      .likes_count;

  it('likes once per person, takes it back, and shows who liked it', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const fan = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const like = () => fan.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    expect(json<{ data: ArtLike }>(await like()).data).toEqual({ likes_count: 1, liked: true });
    expect(json<{ data: ArtLike }>(await like()).data).toEqual({ likes_count: 1, liked: true });
    const page = json<ArtPostPage>(
      await fan.asBrowser({ method: 'GET', url: `/api/art/posts/${post.slug}` }),
    );
    expect(page.data).toMatchObject({ liked: true, likes_count: 1 });
    expect(page.data.liked_by.map((u) => u.id)).toEqual([fan.user.id]);
    const back = await fan.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}/like` });
    expect(json<{ data: ArtLike }>(back).data).toEqual({ likes_count: 0, liked: false });
    expect(await likesOf(post.slug)).toBe(0);

    const guest = await person(t.app, 'guest');
    const refused = await guest.asBrowser({
      method: 'POST',
      url: `/api/art/posts/${post.id}/like`,
    });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'guest' });
  });

  it("counts a troll's like without naming the troll to others", async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const troll = await person(t.app);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ is_troll: 1 })
      .where('id', '=', troll.user.id)
      .execute();
    await troll.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    const seen = json<ArtPostPage>(
      await t.app.inject({ method: 'GET', url: `/api/art/posts/${post.slug}` }),
    ).data;
    expect(seen).toMatchObject({ likes_count: 1, liked_by: [] });
    const own = json<ArtPostPage>(
      await troll.asBrowser({ method: 'GET', url: `/api/art/posts/${post.slug}` }),
    ).data;
    expect(own.liked_by.map((u) => u.id)).toEqual([troll.user.id]);
  });

  it('counts one like of a storm of 1,000 identical requests', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const fan = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () =>
        fan.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` }),
      ),
    );
    // Beyond the per-person pace a request is 429; none fails otherwise.
    expect(new Set(results.map((r) => r.statusCode))).toEqual(new Set([200, 429]));
    expect(await likesOf(post.slug)).toBe(1);
    const rows = await t.app.deps.database.db
      .selectFrom('art_likes')
      .select('user_id')
      .where('post_id', '=', post.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('counts 100 people liking at once exactly', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const fans = await Promise.all(Array.from({ length: 100 }, () => person(t.app)));
    const results = await Promise.all(
      fans.map((f) => f.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await likesOf(post.slug)).toBe(100);
    await Promise.all(
      fans
        .slice(0, 40)
        .map((f) => f.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}/like` })),
    );
    expect(await likesOf(post.slug)).toBe(60);
  });

  it('comments flat and paged, once per client_id, escaping markup', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const reader = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const id = clientId();
    const sent = await Promise.all(
      Array.from({ length: 4 }, () =>
        commentOn(reader, post.id, {
          text: '<script>alert(1)</script> **да** <img src=x onerror=alert(1)>',
          client_id: id,
        }),
      ),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const comment = json<{ data: ArtComment }>(sent.find((r) => r.statusCode === 201)!).data;
    expect(comment.html).not.toMatch(/<script|<img/i);
    expect(comment.html).toContain('&lt;script&gt;');
    expect(comment.html).toContain('<strong>да</strong>');
    expect(comment.abilities).toEqual({ delete: true, complain: false });

    const page = json<ArtPostPage>(
      await t.app.inject({ method: 'GET', url: `/api/art/posts/${post.slug}` }),
    );
    expect(page.data.comments_count).toBe(1);
    expect(page.comments.data.map((c) => c.id)).toEqual([comment.id]);
    expect(page.comments.data[0]!.abilities).toEqual({ delete: false, complain: false });
    const listed = json<{ data: ArtComment[]; meta: { total: number } }>(
      await t.app.inject({ method: 'GET', url: `/api/art/posts/${post.id}/comments?page=1` }),
    );
    expect(listed.meta.total).toBe(1);

    // The post's author may not delete the comment; its writer and a moderator may.
    const byAuthor = await author.asBrowser({
      method: 'DELETE',
      url: `/api/art/comments/${comment.id}`,
    });
    expect(byAuthor.statusCode).toBe(403);
    const moderator = await person(t.app, 'moderator');
    const byModerator = await moderator.asBrowser({
      method: 'DELETE',
      url: `/api/art/comments/${comment.id}`,
    });
    expect(byModerator.statusCode).toBe(204);
    const after = json<ArtPostPage>(
      await t.app.inject({ method: 'GET', url: `/api/art/posts/${post.slug}` }),
    );
    expect(after.data.comments_count).toBe(0);
    expect(after.comments.data).toEqual([]);
  });

  it('answers a comment on a deleted post with 404', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const gone = await author.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}` });
    expect(gone.statusCode).toBe(204);
    expect((await commentOn(await person(t.app), post.id)).statusCode).toBe(404);
    const like = await (
      await person(t.app)
    ).asBrowser({
      method: 'POST',
      url: `/api/art/posts/${post.id}/like`,
    });
    expect(like.statusCode).toBe(404);
  });
});
