import type { SearchAnswer, SearchTotals } from '@chat/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import * as forumKit from '../forum/forum.test-kit';
import { SEARCH_LIMIT, SEARCH_TOTALS_LIMIT } from './search.service';

const dialects = await testDialects();

/**
 * The search suite (issue 21, point 6), on both drivers with one fixed corpus of Russian and
 * English texts: word forms, ё, phrases, prefixes, and what a viewer must never find.
 */
describe.each(dialects)('search on %s', (dialect) => {
  let t: TestApp;
  let reader: Client;
  let other: Client;
  let author: Client;
  let moderator: Client;
  let troll: Client;
  let ignored: UserRow;
  let minute = 0;
  const at = () => new Date(Date.UTC(2025, 0, 1, 0, minute++)).toISOString();

  const db = () => t.app.deps.database.db;

  async function message(roomId: number, userId: number, text: string, extra = {}) {
    const row = await db()
      .insertInto('messages')
      .values({
        room_id: roomId,
        user_id: userId,
        type_id: 1,
        text,
        nicks: '',
        attachments: '[]',
        client_id: null,
        created_at: at(),
        deleted_at: null,
        gif_id: null,
        reply_to_id: null,
        edited_at: null,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  let categoryId = 0;
  let threadNumber = 0;
  async function thread(subject: string, authorId: number, extra = {}) {
    threadNumber += 1;
    const row = await db()
      .insertInto('forum_threads')
      .values({
        category_id: categoryId,
        slug: `thread-${threadNumber}`,
        subject,
        author_id: authorId,
        last_posted_at: at(),
        client_id: null,
        created_at: at(),
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function post(threadId: number, authorId: number, text: string, extra = {}) {
    const row = await db()
      .insertInto('forum_posts')
      .values({
        thread_id: threadId,
        number: 1,
        author_id: authorId,
        text,
        html: text,
        reply_to_id: null,
        client_id: null,
        created_at: at(),
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function search(
    who: Client | null,
    q: string,
    params: Record<string, string> = {},
  ): Promise<{ status: number; body: SearchAnswer }> {
    await t.app.deps.search.catchUp();
    const key = who ? `user:${who.user.id}` : 'ip:127.0.0.1';
    await t.app.deps.rateLimits.reset(SEARCH_LIMIT, key);
    const url = `/api/search?${new URLSearchParams({ q, ...params }).toString()}`;
    const res = who
      ? await who.asBrowser({ method: 'GET', url })
      : await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: json<SearchAnswer>(res) };
  }

  /** `GET /api/search/totals`: every tab's count of `q`. */
  async function totals(who: Client | null, q: string, params: Record<string, string> = {}) {
    await t.app.deps.search.catchUp();
    const key = who ? `user:${who.user.id}` : 'ip:127.0.0.1';
    await t.app.deps.rateLimits.reset(SEARCH_TOTALS_LIMIT, key);
    const url = `/api/search/totals?${new URLSearchParams({ q, ...params }).toString()}`;
    const res = who
      ? await who.asBrowser({ method: 'GET', url })
      : await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: SearchTotals }>(res).data;
  }
  const texts = async (who: Client | null, q: string, params: Record<string, string> = {}) => {
    const { status, body } = await search(who, q, params);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.map((h) => h.snippet.replace(/<\/?mark>/g, ''));
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const room = await buildRoom(t.app);
    const secret = await buildRoom(t.app, { is_public: 0 });
    reader = await memberOf(t.app, room.id, { nick: 'Читатель' });
    other = await memberOf(t.app, room.id, { nick: 'Alisa' });
    author = await signedIn(t.app, await buildUser(t.app, { nick: 'Автор' }));
    moderator = await signedIn(t.app, await buildUser(t.app, { role: 'moderator' }));
    troll = await signedIn(t.app, await buildUser(t.app));
    ignored = await buildUser(t.app);
    await db().updateTable('users').set({ is_troll: 1 }).where('id', '=', troll.user.id).execute();
    await db()
      .insertInto('ignores')
      .values({ user_id: reader.user.id, ignored_id: ignored.id, created_at: at() })
      .execute();

    const o = other.user.id;
    await message(room.id, o, 'Рыжая кошка спала на диване');
    await message(room.id, o, 'кошка рыжая и толстая');
    await message(room.id, o, 'Ёлка стоит в углу');
    await message(room.id, o, 'бегать по утрам полезно');
    await message(room.id, o, 'He runs every morning');
    await message(room.id, o, '<script>alert(1)</script> слон');
    await message(room.id, o, 'удалённое сообщение про бегемотов', { deleted_at: at() });
    const hidden = await message(room.id, o, 'скрытое сообщение про носорогов');
    await db()
      .insertInto('message_hides')
      .values({ user_id: reader.user.id, message_id: hidden })
      .execute();
    await message(room.id, troll.user.id, 'тролль пишет про крокодилов');
    await message(room.id, ignored.id, 'игнорируемый пишет про лемуров');
    await message(secret.id, o, 'тайное сообщение про кошку');
    for (let i = 0; i < 25; i += 1) await message(room.id, o, `зебра номер ${i}`);
    for (let i = 0; i < 5; i += 1)
      await message(room.id, o, `зебра удалена ${i}`, { deleted_at: at() });
    await message(room.id, troll.user.id, 'зебра тролля');

    const category = await db()
      .insertInto('forum_categories')
      .values({
        slug: 'talk',
        name_ru: 'Общение',
        name_en: 'Talk',
        created_at: at(),
        updated_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryId = category.id;
    const cats = await thread('Кошки и собаки', o);
    await post(cats, o, 'Моя кошка любит молоко и спит на окне');
    await post(cats, o, 'Мы бегали по парку с ёжиком');
    await post(cats, author.user.id, 'Этот пост отклонили модераторы', { status: 'refused' });
    await post(cats, author.user.id, 'Задержанный пост про тюленей', { held: 1 });
    await post(cats, o, 'Удалённый пост про жирафов', { deleted_at: at() });
    await post(cats, troll.user.id, 'Тролль пишет про черепах');
    await post(cats, o, 'My cats were running in the garden');
    const gone = await thread('Тема про пингвинов', o, { deleted_at: at() });
    await post(gone, o, 'пингвины повсюду');
    await thread('Running shoes', o);
  });
  afterAll(async () => t.close());

  it('finds Russian word forms: кошки finds кошка, бегал finds бегали and бегать', async () => {
    expect(await texts(reader, 'кошки', { in: 'chat' })).toEqual([
      'кошка рыжая и толстая',
      'Рыжая кошка спала на диване',
    ]);
    expect(await texts(reader, 'кошек')).toEqual([]); // Snowball does not join кошек.
    expect((await texts(reader, 'кошки', { in: 'forum', sort: 'new' })).sort()).toEqual(
      ['Кошки и собаки', 'Моя кошка любит молоко и спит на окне'].sort(),
    );
    expect(await texts(reader, 'бегал', { in: 'forum' })).toEqual(['Мы бегали по парку с ёжиком']);
    expect(await texts(reader, 'бегал', { in: 'chat' })).toEqual(['бегать по утрам полезно']);
  });

  it('reads ё as е both ways', async () => {
    expect(await texts(reader, 'ежик', { in: 'forum' })).toEqual(['Мы бегали по парку с ёжиком']);
    expect(await texts(reader, 'ёжики', { in: 'forum' })).toEqual(['Мы бегали по парку с ёжиком']);
    expect(await texts(reader, 'елка', { in: 'chat' })).toEqual(['Ёлка стоит в углу']);
    expect(await texts(reader, 'ёлки', { in: 'chat' })).toEqual(['Ёлка стоит в углу']);
  });

  it('matches a quoted phrase only as adjacent words in order', async () => {
    expect(await texts(reader, '"рыжая кошка"', { in: 'chat' })).toEqual([
      'Рыжая кошка спала на диване',
    ]);
    expect(await texts(reader, 'рыжая кошка', { in: 'chat' })).toHaveLength(2);
  });

  it('finds by a prefix, and English word forms', async () => {
    expect(await texts(reader, 'молок*', { in: 'forum' })).toEqual([
      'Моя кошка любит молоко и спит на окне',
    ]);
    expect(await texts(reader, 'running', { in: 'chat' })).toEqual(['He runs every morning']);
    expect((await texts(reader, 'run', { in: 'forum', sort: 'new' })).sort()).toEqual(
      ['My cats were running in the garden', 'Running shoes'].sort(),
    );
    expect(await texts(reader, 'garde*', { in: 'forum' })).toEqual([
      'My cats were running in the garden',
    ]);
  });

  it('marks the matched words in an escaped snippet, with the hit’s link and author', async () => {
    const { body } = await search(reader, 'слон', { in: 'chat' });
    expect(body.data[0]?.snippet).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>слон</mark>');
    expect(body.data[0]?.link).toMatchObject({ kind: 'chat' });
    expect(body.data[0]?.author?.nick.nick).toBe('Alisa');
    const forum = await search(reader, 'ёжик', { in: 'forum' });
    expect(forum.body.data[0]).toMatchObject({
      type: 'forum_post',
      title: 'Кошки и собаки',
      snippet: 'Мы бегали по парку с <mark>ёжиком</mark>',
      link: { kind: 'forum', thread_slug: 'thread-1' },
    });
  });

  it('never finds refused or held posts but for their author and moderators', async () => {
    for (const q of ['отклонили', 'тюленей']) {
      expect(await texts(reader, q, { in: 'forum' }), q).toEqual([]);
      expect(await texts(null, q, { in: 'forum' }), q).toEqual([]);
      expect(await texts(author, q, { in: 'forum' }), q).toHaveLength(1);
      expect(await texts(moderator, q, { in: 'forum' }), q).toHaveLength(1);
    }
  });

  it('never counts in the tabs what the reader may not find', async () => {
    for (const q of ['отклонили', 'тюленей', 'жирафов', 'пингвин', 'черепах']) {
      expect((await totals(reader, q)).forum, q).toBe(0);
      expect((await totals(null, q)).forum, q).toBe(0);
    }
    expect((await totals(author, 'отклонили')).forum).toBe(1);
    for (const q of ['носорогов', 'лемуров', 'тайное', 'крокодилов'])
      expect((await totals(reader, q)).chat, q).toBe(0);
    expect((await totals(other, 'носорогов')).chat).toBe(1);
  });

  it('never finds deleted posts, posts of deleted threads, nor deleted threads', async () => {
    for (const q of ['жирафов', 'пингвин'])
      for (const who of [reader, moderator])
        expect(await texts(who, q, { in: 'forum' })).toEqual([]);
  });

  it("finds a troll's post and message only for the troll and troll seers", async () => {
    expect(await texts(reader, 'черепах', { in: 'forum' })).toEqual([]);
    expect(await texts(troll, 'черепах', { in: 'forum' })).toHaveLength(1);
    expect(await texts(moderator, 'черепах', { in: 'forum' })).toHaveLength(1);
    expect(await texts(reader, 'крокодилов', { in: 'chat' })).toEqual([]);
    expect(await texts(troll, 'крокодилов', { in: 'chat' })).toHaveLength(1);
  });

  it('never finds deleted, hidden, ignored or private-room messages', async () => {
    expect(await texts(reader, 'бегемотов', { in: 'chat' })).toEqual([]);
    expect(await texts(reader, 'носорогов', { in: 'chat' })).toEqual([]);
    expect(await texts(other, 'носорогов', { in: 'chat' })).toHaveLength(1);
    expect(await texts(reader, 'лемуров', { in: 'chat' })).toEqual([]);
    expect(await texts(other, 'лемуров', { in: 'chat' })).toHaveLength(1);
    expect(await texts(reader, 'тайное', { in: 'chat' })).toEqual([]);
    expect(await texts(moderator, 'тайное', { in: 'chat' })).toEqual([]);
  });

  it('lets visitors without a session search the forum and people, not the chat', async () => {
    const { body } = await search(null, 'кошка', { in: 'chat' });
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
    expect((await totals(null, 'кошка')).chat).toBe(0);
    expect((await totals(null, 'кошка')).forum).toBe(2);
    expect(await texts(null, 'кошка', { in: 'forum' })).toHaveLength(2);
  });

  it('finds people by nick prefix', async () => {
    const { body } = await search(reader, 'alis*', { in: 'people' });
    expect(body.data.map((h) => h.title)).toEqual(['Alisa']);
    expect(body.data[0]?.snippet).toBe('<mark>Alis</mark>a');
    expect(body.data[0]?.link).toEqual({ kind: 'profile', user_slug: other.user.slug });
  });

  it('pages after filtering, with the totals of every scope', async () => {
    const first = await search(reader, 'зебра', { in: 'chat', sort: 'new' });
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]?.snippet).toBe('<mark>зебра</mark> номер 24');
    const second = await search(reader, 'зебра', { in: 'chat', page: '2' });
    expect(second.body.data).toHaveLength(5);
    const best = await search(reader, 'зебра', { in: 'chat', sort: 'best' });
    expect(new Set(best.body.data.map((h) => h.id)).size).toBe(20);
    const far = await search(reader, 'зебра', { in: 'chat', page: '999999' });
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(far.body.meta.total).toBe(25);
    expect(await totals(reader, 'кошка')).toEqual({
      forum: 2,
      art: 0,
      quotes: 0,
      chat: 2,
      people: 0,
    });
    expect((await search(troll, 'зебра', { in: 'chat' })).body.meta.total).toBe(26);
  });

  it('indexes a chat message posted and edited through the API', async () => {
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('is_public', '=', 1)
      .executeTakeFirstOrThrow();
    const sent = await reader.asBrowser({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'первое слово антилопа', client_id: clientId() },
    });
    expect(sent.statusCode).toBe(201);
    const id = json<{ data: { id: number } }>(sent).data.id;
    expect(await texts(reader, 'антилопы', { in: 'chat' })).toEqual(['первое слово антилопа']);
    const edited = await reader.asBrowser({
      method: 'PATCH',
      url: `/api/chat/message/${id}`,
      payload: { text: 'второе слово газель' },
    });
    expect(edited.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await texts(reader, 'антилопа', { in: 'chat' })).toEqual([]);
    expect(await texts(reader, 'газели', { in: 'chat' })).toEqual(['второе слово газель']);
  });

  it('indexes a forum post written and edited through the API, before and after its batch', async () => {
    const cat = await forumKit.category(t.app);
    const started = await forumKit.thread(reader, cat.slug, {
      subject: 'Звери',
      text: 'Про зверей',
    });
    const tiger = await forumKit.reply(reader, started.slug, { text: 'рыжий тигр спит' });
    expect(await texts(reader, 'тигры', { in: 'forum' })).toEqual(['рыжий тигр спит']);
    const edit = (id: number, text: string) =>
      reader.asBrowser({ method: 'PATCH', url: `/api/forum/posts/${id}`, payload: { text } });
    expect((await edit(tiger.id, 'синий кит плывёт')).statusCode).toBe(200);
    expect(await texts(reader, 'тигр', { in: 'forum' })).toEqual([]);
    expect(await texts(reader, 'киты', { in: 'forum' })).toEqual(['синий кит плывёт']);
    // Edited before any batch reached it: indexed once, as it is now.
    const owl = await forumKit.reply(reader, started.slug, { text: 'серая сова' });
    expect((await edit(owl.id, 'белая сова')).statusCode).toBe(200);
    expect(await texts(reader, 'совы', { in: 'forum' })).toEqual(['белая сова']);
    expect(await texts(reader, 'серые', { in: 'forum' })).toEqual([]);
  });

  it('answers hostile queries with 200 or 422, never 500, and finds nothing in operators', async () => {
    const hostile = [
      '"',
      '*',
      '^',
      '-',
      ')))',
      'NEAR(',
      'NEAR(кошка рыжая, 2)',
      '"рыжая кошка',
      "' OR 1=1 --",
      'кошка\u0000рыжая',
      '\u0000',
      'a:b OR c AND NOT d',
      '{"__proto__": 1}',
      '\\',
      'кошка*^-:()',
    ];
    for (const q of hostile) {
      const { status } = await search(reader, q, { in: 'chat' });
      expect([200, 422], q).toContain(status);
    }
    for (const q of ['"', '*', '^', '-', ')))', '" * ^ - : ( )']) {
      const { status, body } = await search(reader, q);
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual([]);
      expect(body.meta.total, q).toBe(0);
      expect(await totals(reader, q), q).toEqual({
        forum: 0,
        art: 0,
        quotes: 0,
        chat: 0,
        people: 0,
      });
    }
    expect((await search(reader, 'к'.repeat(5000))).status).toBe(422);
    expect((await search(reader, '')).status).toBe(422);
    expect((await search(reader, 'кошка', { in: 'videos' })).status).toBe(422);
    expect((await search(reader, 'кошка', { page: '1000000000' })).status).toBe(422);
  });

  it('limits searches per visitor', async () => {
    const client = await signedIn(t.app, await buildUser(t.app));
    let last = 0;
    for (let i = 0; i <= SEARCH_LIMIT.points; i += 1)
      last = (await client.asBrowser({ method: 'GET', url: '/api/search?q=x' })).statusCode;
    expect(last).toBe(429);
    for (let i = 0; i <= SEARCH_TOTALS_LIMIT.points; i += 1)
      last = (await client.asBrowser({ method: 'GET', url: '/api/search/totals?q=x' })).statusCode;
    expect(last).toBe(429);
  });

  it.runIf(dialect === 'postgres')(
    'keeps the words tables on PostgreSQL, GIN-indexed',
    async () => {
      const writer = await buildUser(t.app);
      const room = await db().selectFrom('rooms').select('id').executeTakeFirstOrThrow();
      const id = await message(room.id, writer.id, 'Ёлки зелёные');
      const words = () =>
        sql<{ words: string }>`select words::text as words from search_messages where id = ${id}`
          .execute(db())
          .then((r) => r.rows[0]?.words ?? null);
      expect(await words()).toBe("'елк':1 'зелен':2");
      await sql`update messages set text = 'другие слова' where id = ${id}`.execute(db());
      expect(await words()).toContain("'слов'");
      await sql`delete from messages where id = ${id}`.execute(db());
      expect(await words()).toBeNull();
      await sql`set enable_seqscan = off`.execute(db());
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from search_messages
      where words @@ to_tsquery('russian'::regconfig, ${"'кошка'"})`.execute(db());
      await sql`set enable_seqscan = on`.execute(db());
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('search_messages_words');
    },
  );
});
