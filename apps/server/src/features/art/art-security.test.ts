import type { ArtGalleryPage, ArtGroup, ArtPost, ArtPostPage } from '@chat/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { completeAttachment } from '../../test/attachment-rows';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { commentOn, group, person, picture, publish, publishIn } from './art.test-kit';

const dialects = await testDialects();

describe.each(dialects)('art bad input and permissions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const postsOf = async (userId: number) =>
    (await db().selectFrom('art_posts').select('id').where('author_id', '=', userId).execute())
      .length;
  const refusedPictures = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).errors).toHaveProperty('attachments');
  };

  it('refuses 21 pictures, none, someone else’s, a processing, a failed and a non-art upload', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const other = await person(t.app);
    const many = await Promise.all(Array.from({ length: 21 }, () => picture(t.app, author)));
    refusedPictures(await publishIn(t.app, author, g.slug, { attachments: many }));
    refusedPictures(await publishIn(t.app, author, g.slug, { attachments: [] }));
    refusedPictures(
      await publishIn(t.app, author, g.slug, { attachments: [await picture(t.app, other)] }),
    );
    const mark = async (status: string) => {
      const id = await picture(t.app, author);
      await db()
        .updateTable('attachments')
        .set({ status, ...(status === 'error' ? { error: 'broken' } : {}) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    refusedPictures(
      await publishIn(t.app, author, g.slug, { attachments: [await mark('in-process')] }),
    );
    refusedPictures(await publishIn(t.app, author, g.slug, { attachments: [await mark('error')] }));
    refusedPictures(
      await publishIn(t.app, author, g.slug, {
        attachments: [await completeAttachment(t.app, author.user.id, 'attachment')],
      }),
    );
    // 20 is the most, and goes.
    const twenty = await publish(t.app, author, g.slug, { attachments: many.slice(0, 20) });
    expect(twenty.pictures).toHaveLength(20);
    expect(await postsOf(author.user.id)).toBe(1);
  });

  it('keeps markup as text in titles and sanitizes texts', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug, {
      title: '<script>alert(1)</script>',
      text: '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <a href="javascript:y">z</a>',
    });
    expect(post.title).toBe('<script>alert(1)</script>');
    expect(post.slug).toMatch(/^script-alert-1-script/);
    expect(post.html).not.toMatch(/<script|<img|<[a-z][^>]*\son\w+=|<a\s[^>]*href="javascript:/i);
    expect(post.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('refuses prototype keys and objects where strings belong, changing nothing', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const pic = await picture(t.app, author);
    const proto = await author.asBrowser({
      method: 'POST',
      url: `/api/art/groups/${g.slug}/posts`,
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"admin":true},"title":"t","attachments":[${pic}],"client_id":"proto-key-1"}`,
    });
    expect(proto.statusCode).toBe(422);
    const objects = await publishIn(t.app, author, g.slug, {
      title: { $gt: '' },
      text: ['x'],
      attachments: [pic],
    });
    expect(objects.statusCode).toBe(422);
    const ids = await publishIn(t.app, author, g.slug, { attachments: [{ id: pic }] });
    expect(ids.statusCode).toBe(422);
    const comment = await commentOn(author, 1, { text: { a: 1 } });
    expect(comment.statusCode).toBe(422);
    expect(await postsOf(author.user.id)).toBe(0);
    for (const url of ['/api/art/posts/a%00b', '/api/art/groups/%00', '/api/art?sort=best'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/art?user=abc' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/art/groups/nope' })).statusCode).toBe(
      404,
    );
  });

  it('lets the author and staff edit and delete, nobody else', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const stranger = await person(t.app);
    const moderator = await person(t.app, 'moderator');
    const pics = [await picture(t.app, author), await picture(t.app, author)];
    const post = await publish(t.app, author, g.slug, { attachments: pics });
    const patch = (who: typeof author, payload: object) =>
      who.asBrowser({ method: 'PATCH', url: `/api/art/posts/${post.id}`, payload });

    const untouched = await patch(author, {});
    expect(untouched.statusCode).toBe(200);
    expect(json<{ data: ArtPost }>(untouched).data.edited_at).toBeNull();
    expect((await patch(stranger, { title: 'Чужое' })).statusCode).toBe(403);
    expect(
      (await stranger.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}` })).statusCode,
    ).toBe(403);
    const guest = await person(t.app, 'guest');
    const byGuest = await patch(guest, { title: 'x' });
    expect(byGuest.statusCode).toBe(403);
    expect(json(byGuest)).toMatchObject({ code: 'guest' });

    const edited = json<{ data: ArtPost }>(
      await patch(author, { title: 'Новое', text: '**жирно**', attachments: [pics[1], pics[0]] }),
    ).data;
    expect(edited).toMatchObject({
      title: 'Новое',
      html: '<p><strong>жирно</strong></p>',
      slug: post.slug,
    });
    expect(edited.pictures.map((p) => p.id)).toEqual([pics[1], pics[0]]);
    expect(edited.edited_at).not.toBeNull();

    // Staff keep or drop pictures, never add another upload of the author's.
    const spare = await picture(t.app, author);
    expect((await patch(moderator, { attachments: [spare] })).statusCode).toBe(422);
    const byStaff = json<{ data: ArtPost }>(
      await patch(moderator, { attachments: [pics[0]], adult: true }),
    ).data;
    expect(byStaff.pictures.map((p) => p.id)).toEqual([pics[0]]);
    expect(byStaff.adult).toBe(true);
    // An admin's post is beyond a moderator.
    const admin = await person(t.app, 'admin');
    const adminPost = await publish(t.app, admin, g.slug);
    expect(
      (await moderator.asBrowser({ method: 'DELETE', url: `/api/art/posts/${adminPost.id}` }))
        .statusCode,
    ).toBe(403);

    expect(
      (await moderator.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/art/posts/${post.slug}` })).statusCode,
    ).toBe(404);
    expect((await patch(author, { title: 'Поздно' })).statusCode).toBe(404);
  });

  it('refuses gagged and banned people posting, liking and commenting', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const gagged = await person(t.app);
    await db()
      .updateTable('users')
      .set({ gag_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', gagged.user.id)
      .execute();
    const pic = await picture(t.app, gagged);
    expect([403]).toContain(
      (await publishIn(t.app, gagged, g.slug, { attachments: [pic] })).statusCode,
    );
    expect((await commentOn(gagged, post.id)).statusCode).toBe(403);
    expect(
      (await gagged.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` }))
        .statusCode,
    ).toBe(403);
    const banned = await person(t.app);
    await db()
      .updateTable('users')
      .set({ ban_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', banned.user.id)
      .execute();
    expect((await commentOn(banned, post.id)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await postsOf(gagged.user.id)).toBe(0);
    const groups = json<{ data: ArtGroup[] }>(
      await gagged.asBrowser({ method: 'GET', url: '/api/art/groups' }),
    ).data;
    expect(groups.find((x) => x.id === g.id)?.can_post).toBe(false);
  });

  it('marks a post adult by the classifier’s flag and never makes an adult picture a cover', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const safe = await publish(t.app, author, g.slug, { title: 'Безопасно' });
    const flagged = await picture(t.app, author);
    await db().updateTable('attachments').set({ adult: 1 }).where('id', '=', flagged).execute();
    const adult = await publish(t.app, author, g.slug, { attachments: [flagged] });
    expect(adult.adult).toBe(true);
    const marked = await publish(t.app, author, g.slug, { adult: true });
    expect(marked.adult).toBe(true);
    const gallery = json<ArtGalleryPage>(
      await t.app.inject({ method: 'GET', url: `/api/art/groups/${g.slug}` }),
    );
    expect(gallery.data.map((p) => [p.id, p.adult])).toEqual([
      [marked.id, true],
      [adult.id, true],
      [safe.id, false],
    ]);
    expect(gallery.group?.cover?.id).toBe(safe.pictures[0]!.id);
  });

  it("shows a held or refused post's pictures to its author and staff only", async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    await db()
      .updateTable('art_posts')
      .set({ status: 'refused' })
      .where('id', '=', post.id)
      .execute();
    const pictureId = post.pictures[0]!.id;
    const see = async (who: typeof author) =>
      (await who.asBrowser({ method: 'GET', url: `/api/upload/${pictureId}` })).statusCode;
    expect(await see(await person(t.app))).toBe(404);
    expect(await see(await person(t.app, 'moderator'))).toBe(200);
    expect(await see(author)).toBe(200);
    const page = await author.asBrowser({ method: 'GET', url: `/api/art/posts/${post.slug}` });
    expect(json<ArtPostPage>(page).data.status).toBe('refused');
    await db()
      .updateTable('art_posts')
      .set({ status: 'accepted' })
      .where('id', '=', post.id)
      .execute();
    expect(await see(await person(t.app))).toBe(200);
  });

  it('takes a dropped picture off the post for its readers, and refuses a client_id reused on another post', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const pics = [await picture(t.app, author), await picture(t.app, author)];
    const post = await publish(t.app, author, g.slug, { attachments: pics });
    const reader = await person(t.app);
    const see = async (id: number) =>
      (await reader.asBrowser({ method: 'GET', url: `/api/upload/${id}` })).statusCode;
    expect(await see(pics[1]!)).toBe(200);
    const edited = await author.asBrowser({
      method: 'PATCH',
      url: `/api/art/posts/${post.id}`,
      payload: { attachments: [pics[0]] },
    });
    expect(edited.statusCode).toBe(200);
    expect(await see(pics[1]!)).toBe(404);
    expect(await see(pics[0]!)).toBe(200);

    const other = await publish(t.app, author, g.slug);
    const sent = await commentOn(reader, post.id, { client_id: 'same-client-id-1' });
    expect(sent.statusCode).toBe(201);
    const reused = await commentOn(reader, other.id, { client_id: 'same-client-id-1' });
    expect(reused.statusCode).toBe(422);
  });
});
