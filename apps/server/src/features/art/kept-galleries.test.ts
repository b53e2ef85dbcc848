import type { ArtGalleryPage } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_HOLD_FIRST_POSTS_SETTING } from '../../db/site-settings';
import { InvalidationBus, type RemoteChannel } from '../../lib/cache/invalidation-bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { commentOn, group, person, publish } from './art.test-kit';
import { galleriesChanged, KeptGalleries } from './kept-galleries';

const dialects = await testDialects();

describe('kept gallery pages', () => {
  const page = (n: number) => ({ group: null, data: [], meta: { total: n } }) as never;

  it('builds a page once for concurrent readers, and again after any change on any node', async () => {
    const bus = new InvalidationBus();
    const kept = new KeptGalleries(bus);
    let builds = 0;
    const build = async () => page(++builds);
    await Promise.all([1, 2, 3].map(() => kept.page('ru::new:1', build)));
    expect(builds).toBe(1);
    await kept.page('ru::new:1', build);
    expect(builds).toBe(1);
    await galleriesChanged(bus);
    await kept.page('ru::new:1', build);
    expect(builds).toBe(2);
  });

  it('never keeps a page whose build a change overtook, nor any while deaf to other nodes', async () => {
    let live = true;
    const remote: RemoteChannel = {
      get live() {
        return live;
      },
      listen: () => undefined,
      send: async () => undefined,
      close: async () => undefined,
    };
    const bus = new InvalidationBus(remote);
    const kept = new KeptGalleries(bus);
    const stale = kept.page('k', async () => {
      await galleriesChanged(bus);
      return page(1);
    });
    await stale;
    expect((await kept.page('k', async () => page(2))).meta.total).toBe(2);
    live = false;
    expect((await kept.page('k', async () => page(3))).meta.total).toBe(3);
  });
});

describe.each(dialects)('galleries kept for everyone on %s', (dialect) => {
  let t: TestApp;
  let moderator: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    moderator = await person(t.app, 'moderator');
  });
  afterAll(async () => t.close());

  const visitor = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return json<ArtGalleryPage>(res);
  };
  const as = async (who: Client, url: string) => {
    const res = await who.asBrowser({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return json<ArtGalleryPage>(res);
  };

  it('shows each reader their own likes and right to post over the page everyone reads', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const fan = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    const url = `/api/art/groups/${g.slug}`;
    expect((await visitor(url)).data[0]).toMatchObject({ id: post.id, likes_count: 0 });

    const liked = await fan.asBrowser({ method: 'POST', url: `/api/art/posts/${post.id}/like` });
    expect(liked.statusCode, liked.body).toBe(200);
    expect((await visitor(url)).data[0]).toMatchObject({ likes_count: 1, comments_count: 0 });
    expect((await commentOn(fan, post.id)).statusCode).toBe(201);

    const seen = await visitor(url);
    expect(seen.data[0]).toMatchObject({ likes_count: 1, comments_count: 1, liked: false });
    expect(seen.group?.can_post).toBe(false);
    const fans = await as(fan, url);
    expect(fans.data[0]).toMatchObject({ likes_count: 1, liked: true });
    expect(fans.group?.can_post).toBe(true);
    expect((await as(author, url)).data[0]?.liked).toBe(false);
    // The visitor's kept page was not changed by the fan's reading.
    expect((await visitor(url)).data[0]?.liked).toBe(false);
    expect((await visitor('/api/art?sort=discussed')).data.map((p) => p.id)).toContain(post.id);
  });

  it('lists a held post to its author in their own gallery and to staff, not among everyone’s', async () => {
    const g = await group(t.app);
    const url = `/api/art/groups/${g.slug}`;
    expect((await visitor(url)).data).toEqual([]);
    const db = t.app.deps.database.db;
    await db
      .insertInto('site_settings')
      .values({ key: FORUM_HOLD_FIRST_POSTS_SETTING, value: '1' })
      .execute();
    try {
      const newcomer = await person(t.app);
      const held = await publish(t.app, newcomer, g.slug);
      expect((await visitor(url)).data).toEqual([]);
      expect((await as(await person(t.app), url)).data).toEqual([]);
      expect((await as(newcomer, url)).data).toEqual([]);
      expect((await as(newcomer, url)).group?.posts_count).toBe(0);
      const own = await as(newcomer, `/api/art?user=${newcomer.user.id}`);
      expect(own.data.map((p) => p.id)).toEqual([held.id]);
      expect(own.data[0]?.status).toBe('new');
      expect((await as(moderator, url)).data.map((p) => p.id)).toEqual([held.id]);
    } finally {
      await db
        .deleteFrom('site_settings')
        .where('key', '=', FORUM_HOLD_FIRST_POSTS_SETTING)
        .execute();
    }
  });

  it('takes a troll’s posts off everyone’s kept pages and leaves them to the troll', async () => {
    const g = await group(t.app);
    const url = `/api/art/groups/${g.slug}`;
    const troll = await person(t.app);
    const post = await publish(t.app, troll, g.slug);
    expect((await visitor(url)).data.map((p) => p.id)).toEqual([post.id]);
    const marked = await moderator.asBrowser({
      method: 'POST',
      url: `/api/moderation/trolls/${troll.user.id}`,
    });
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    expect((await visitor(url)).data).toEqual([]);
    expect((await as(await person(t.app), url)).data).toEqual([]);
    expect((await as(troll, url)).data.map((p) => p.id)).toEqual([post.id]);
  });

  it('drops a deleted post from the kept pages at once', async () => {
    const g = await group(t.app);
    const author = await person(t.app);
    const post = await publish(t.app, author, g.slug);
    expect((await visitor('/api/art')).data.map((p) => p.id)).toContain(post.id);
    const gone = await author.asBrowser({ method: 'DELETE', url: `/api/art/posts/${post.id}` });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await visitor('/api/art')).data.map((p) => p.id)).not.toContain(post.id);
    expect((await visitor(`/api/art/groups/${g.slug}`)).data).toEqual([]);
  });
});
