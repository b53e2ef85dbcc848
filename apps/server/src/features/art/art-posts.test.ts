import type { ArtGalleryPage, ArtGroup, ArtPost, ArtPostPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json } from '../../test/factories';
import { clientId, group, person, picture, publish, publishIn } from './art.test-kit';

const dialects = await testDialects();

describe.each(dialects)('art posts on %s', (dialect) => {
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

  it('publishes a post of pictures in order that everyone sees in the galleries', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const pics = [
      await picture(t.app, author),
      await picture(t.app, author),
      await picture(t.app, author),
    ];
    const post = await publish(t.app, author, g.slug, {
      title: 'Закат над морем',
      text: 'Как *красиво*',
      attachments: [pics[2], pics[0], pics[1]],
    });
    expect(post.slug).toMatch(/^zakat-nad-morem/);
    expect(post.pictures.map((p) => p.id)).toEqual([pics[2], pics[0], pics[1]]);
    expect(post.html).toBe('<p>Как <em>красиво</em></p>');
    expect(post.abilities).toMatchObject({ edit: true, delete: true, like: true, complain: false });
    expect(post.adult).toBe(false);

    const page = await get<ArtPostPage>(`/api/art/posts/${post.slug}`);
    expect(page.data.id).toBe(post.id);
    expect(page.data.abilities).toEqual({
      like: false,
      comment: false,
      edit: false,
      delete: false,
      complain: false,
      gift: false,
    });
    expect(page.comments.data).toEqual([]);

    const gallery = await get<ArtGalleryPage>(`/api/art/groups/${g.slug}`, {
      'x-localization': 'en',
    });
    expect(gallery.group).toMatchObject({ name: 'Drawings', posts_count: 1 });
    expect(gallery.group?.cover?.id).toBe(pics[2]);
    expect(gallery.data.map((p) => p.id)).toEqual([post.id]);
    expect(gallery.meta.total).toBe(1);

    const all = await get<ArtGalleryPage>('/api/art');
    expect(all.group).toBeNull();
    expect(all.data.map((p) => p.id)).toContain(post.id);
    const mine = await get<ArtGalleryPage>(`/api/art?user=${author.user.id}`);
    expect(mine.data.map((p) => p.id)).toEqual([post.id]);

    const groups = await get<{ data: ArtGroup[] }>('/api/art/groups');
    expect(groups.data.find((x) => x.id === g.id)).toMatchObject({
      posts_count: 1,
      can_post: false,
    });
  });

  it('refuses guests (403 guest) and visitors without a session (401)', async () => {
    const g = await group(t.app);
    const guest = await person(t.app, 'guest');
    const res = await publishIn(t.app, guest, g.slug, { attachments: [1] });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'guest' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/art/groups/${g.slug}/posts`,
      payload: { title: 'x', attachments: [1], client_id: clientId() },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the same client_id with the first post, even at once', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const pic = await picture(t.app, author);
    const id = clientId();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        publishIn(t.app, author, g.slug, { attachments: [pic], client_id: id }),
      ),
    );
    const ids = new Set(results.map((r) => json<{ data: ArtPost }>(r).data.id));
    expect(ids.size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
  });

  it('gives posts of the same title published at once their own slugs', async () => {
    const g = await group(t.app);
    const people = await Promise.all(Array.from({ length: 8 }, () => person(t.app)));
    const results = await Promise.all(
      people.map((p) => publishIn(t.app, p, g.slug, { title: 'Одинаковое название' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(people.map(() => 201));
    const slugs = results.map((r) => json<{ data: ArtPost }>(r).data.slug);
    expect(new Set(slugs).size).toBe(people.length);
    expect(slugs).toContain('odinakovoe-nazvanie');
  });
});
