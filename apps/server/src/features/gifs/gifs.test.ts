import {
  GIFS_PAGE,
  RECENT_GIFS_MAX,
  type ChatMessage,
  type Gif,
  type GifCategory,
  type GifsPageMeta,
  type InitData,
} from '@chat/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GIF_CATEGORIES } from '../../db/seed/demo-gifs';
import { seedDemoGifs } from '../../db/seed/seed-gifs';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { searchKeyOf } from '../../lib/text-fold';

const dialects = await testDialects();
const DEMO_TOTAL = DEMO_GIF_CATEGORIES.flatMap((c) => c.gifs).length;

describe.each(dialects)('GIF library on %s', (dialect) => {
  let t: TestApp;
  let categories: GifCategory[];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '100' });
    expect(await seedDemoGifs(t.database)).toBe(true);
    expect(await seedDemoGifs(t.database)).toBe(false);
    categories = await t.app.deps.gifs.categories();
  });
  afterAll(async () => t.close());

  type Page = { data: Gif[]; meta: GifsPageMeta };
  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/gifs${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<Page>(res);
  };
  const category = (slug: string) => categories.find((c) => c.slug === slug)!;
  const titles = (page: Page) => page.data.map((g) => g.title);

  it('lists the categories in init, each with a cover, in both languages', async () => {
    const init = json<{ data: InitData }>(
      await t.app.inject({ method: 'GET', url: '/api/init?platform=pc' }),
    ).data;
    expect(init.gif_categories.map((c) => c.slug)).toEqual(DEMO_GIF_CATEGORIES.map((c) => c.slug));
    expect(init.gif_categories[0]).toEqual({
      id: expect.any(Number) as number,
      slug: 'hello',
      name: { ru: 'Привет', en: 'Hello' },
      cover_url: '/assets/static/gifs/hello-wave.gif',
    });
  });

  it('lists the whole library in order, one page at a time', async () => {
    const all = await list();
    expect(all.meta).toEqual({
      current_page: 1,
      last_page: Math.ceil(DEMO_TOTAL / GIFS_PAGE),
      per_page: GIFS_PAGE,
      total: DEMO_TOTAL,
    });
    expect(all.data.map((g) => g.url)).toEqual(
      DEMO_GIF_CATEGORIES.flatMap((c) => c.gifs.map((g) => `/assets/static/gifs/${g.file}`)),
    );
    expect(all.data[0]).toMatchObject({
      category_id: category('hello').id,
      width: 160,
      height: 120,
    });
  });

  it('filters by category and pages through a big one', async () => {
    const love = await list(`?category=${category('love').id}`);
    expect(love.data.every((g) => g.category_id === category('love').id)).toBe(true);
    expect(love.meta.total).toBe(4);

    const { id: bigId } = await t.database.db
      .insertInto('gif_categories')
      .values({ slug: 'big', name_ru: 'Много', name_en: 'Many', position: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = GIFS_PAGE + 5;
    await t.database.db
      .insertInto('gifs')
      .values(
        Array.from({ length: count }, (_, i) => ({
          category_id: bigId,
          title: `пачка bunch ${i}`,
          search_key: searchKeyOf(`пачка bunch ${i}`),
          file: `bunch-${i}.gif`,
          width: 10,
          height: 10,
          position: i,
        })),
      )
      .execute();
    const first = await list(`?category=${bigId}`);
    const second = await list(`?category=${bigId}&page=2`);
    const third = await list(`?category=${bigId}&page=3`);
    expect(first.data).toHaveLength(GIFS_PAGE);
    expect(second.data.map((g) => g.title)).toEqual(
      Array.from({ length: 5 }, (_, i) => `пачка bunch ${GIFS_PAGE + i}`),
    );
    expect(second.meta).toEqual({
      current_page: 2,
      last_page: 2,
      per_page: GIFS_PAGE,
      total: count,
    });
    expect(third.data).toEqual([]);
    // The same words paged by search.
    expect((await list('?q=BUNCH&page=2')).data).toHaveLength(5);
    await t.database.db.deleteFrom('gif_categories').where('id', '=', bigId).execute();
  });

  it('finds GIFs by the start of their words, in either language, ignoring case', async () => {
    expect(titles(await list('?q=ПРИВЕТ'))).toHaveLength(4);
    expect(titles(await list('?q=Hello'))).toHaveLength(4);
    expect(titles(await list('?q=люб'))).toEqual(titles(await list('?q=LOVE')));
    expect(titles(await list('?q=heart%20beat'))).toEqual(['любовь сердце бьётся love heart beat']);
    // "ё" and "е" are one letter to a searcher.
    expect(titles(await list(`?q=${encodeURIComponent('бьется')}`))).toEqual([
      'любовь сердце бьётся love heart beat',
    ]);
    expect(titles(await list(`?q=${encodeURIComponent('Слез')}`))).toEqual([
      'смех до слёз плачет от смеха laugh tears of joy',
    ]);
    // Inside a word is not a match; every word must match.
    expect((await list('?q=ello')).data).toEqual([]);
    expect((await list('?q=hello%20cake')).data).toEqual([]);
    // Within a category only.
    const party = await list(`?category=${category('party').id}&q=${encodeURIComponent('торт')}`);
    expect(party.data.map((g) => g.url)).toEqual(['/assets/static/gifs/party-cake.gif']);
    expect((await list(`?category=${category('love').id}&q=cake`)).data).toEqual([]);
  });

  it('treats LIKE wildcards and markup in the query as nothing to search for', async () => {
    for (const q of ['%', '_', '%%', '<script>', '\\', "' or 1=1 --"]) {
      const page = await list(`?q=${encodeURIComponent(q)}`);
      expect(page.meta.total, q).toBe(/[a-z]/.test(q) ? 0 : DEMO_TOTAL);
    }
  });

  it('refuses malformed queries with 422', async () => {
    for (const query of [
      '?category=abc',
      '?category=0',
      '?category=-1',
      '?category=99999999999',
      '?page=0',
      '?page=x',
      '?page=1.5',
      '?page=100001',
      `?q=${'x'.repeat(300)}`,
      '?q=%00',
      '?category=1&category=2',
      '?__proto__[x]=1&category=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/gifs${query}` });
      if (query.startsWith('?__proto__')) {
        expect(res.statusCode, query).toBeLessThan(500);
        continue;
      }
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
      expect(json<{ code: string }>(res).code).toBe('validation');
    }
    expect((await list('?category=2147483647')).data).toEqual([]);
  });

  it('serves every demo GIF: small, animated, of the listed size', async () => {
    for (const gif of (await list()).data) {
      const res = await t.app.inject({ method: 'GET', url: gif.url });
      expect(res.statusCode, gif.url).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.rawPayload.length).toBeLessThan(60 * 1024);
      const meta = await sharp(res.rawPayload, { animated: true }).metadata();
      expect(meta.format).toBe('gif');
      expect(meta.pages ?? 1, gif.url).toBeGreaterThan(1);
      expect([meta.width, meta.pageHeight]).toEqual([gif.width, gif.height]);
      expect(Math.max(gif.width, gif.height)).toBeLessThanOrEqual(200);
    }
  });

  describe('recent GIFs', () => {
    const userData = async (client: Client) =>
      json<{ data: InitData }>(await client.asBrowser({ method: 'GET', url: '/api/init' })).data
        .user!;

    it('starts empty, and puts each GIF sent in a room first, once', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      expect((await userData(anna)).recent_gifs).toEqual([]);
      const gifs = (await list()).data;
      const send = (gif: Gif, text = '') =>
        anna.asBrowser({
          method: 'POST',
          url: `/api/room/${room.id}/message`,
          payload: { text, client_id: clientId(), type_id: 4, gif_id: gif.id },
        });
      for (const gif of [gifs[0]!, gifs[1]!, gifs[2]!]) {
        const res = await send(gif);
        expect(res.statusCode, res.body).toBe(201);
        expect(json<{ data: ChatMessage }>(res).data.gif).toEqual(gif);
      }
      // The same GIF again at once is flood, like the same text; with words it is a new message.
      expect((await send(gifs[0]!)).statusCode).toBe(422);
      expect((await send(gifs[0]!, 'again!')).statusCode).toBe(201);
      expect((await userData(anna)).recent_gifs).toEqual([gifs[0], gifs[2], gifs[1]]);
    });

    it(`keeps the newest ${RECENT_GIFS_MAX}`, async () => {
      const user = await buildUser(t.app);
      const gifs = (await list()).data;
      expect(gifs.length).toBeGreaterThan(RECENT_GIFS_MAX);
      for (const gif of gifs) await t.app.deps.gifs.markUsed(user.id, gif.id);
      const recent = (await userData(await signedIn(t.app, user))).recent_gifs;
      expect(recent.map((g) => g.id)).toEqual(
        gifs
          .slice(-RECENT_GIFS_MAX)
          .reverse()
          .map((g) => g.id),
      );
      const rows = await t.database.db
        .selectFrom('recent_gifs')
        .select('gif_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(RECENT_GIFS_MAX);
    });
  });
});
