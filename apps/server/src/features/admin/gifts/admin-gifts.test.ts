import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminGift, AdminGiftRemoval, GiftStatistics } from '@chat/shared';
import type { UserRow } from '../../../db/schema';
import { completeAttachment } from '../../../test/attachment-rows';
import { recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';
import { insertGift, insertSent, logRows } from './admin-gifts.test-kit';

const dialects = await testDialects();

describe.each(dialects)('admin gifts on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const person = async (role: UserRow['role']) => signedIn(t.app, await buildUser(t.app, { role }));

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await person('admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const snapshot = async () => ({
    gifts: await t.app.deps.database.db.selectFrom('gifts').selectAll().orderBy('id').execute(),
    log: await t.app.deps.database.db.selectFrom('admin_log').select('id').execute(),
  });

  async function create(body: Record<string, unknown> = {}) {
    const image_id = await completeAttachment(t.app, admin.user.id);
    return admin.asBrowser({
      method: 'POST',
      url: '/api/admin/gifts',
      payload: { name_ru: 'Ёлка', name_en: 'Fir tree', image_id, price: 40, ...body },
    });
  }

  describe('who may', () => {
    it('answers 403 to a user, a moderator and a guest and 401 to nobody, changing nothing', async () => {
      const gift = await insertGift(t.app);
      const calls = [
        { method: 'GET', url: '/api/admin/gifts' },
        {
          method: 'POST',
          url: '/api/admin/gifts',
          payload: { name_ru: 'a', name_en: 'a', image_id: 1, price: 5 },
        },
        {
          method: 'PATCH',
          url: `/api/admin/gifts/${gift.id}`,
          payload: { price: 7, updated_at: gift.updated_at },
        },
        { method: 'DELETE', url: `/api/admin/gifts/${gift.id}` },
        { method: 'GET', url: '/api/admin/gifts/statistics' },
        { method: 'GET', url: '/api/admin/gifts/statistics/csv' },
        { method: 'GET', url: '/api/admin/dashboard' },
      ] as const;
      const before = await snapshot();
      for (const role of ['user', 'moderator', 'guest'] as const) {
        const who = await person(role);
        for (const call of calls) {
          const res = await who.asBrowser({ ...call });
          expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        }
      }
      for (const call of calls) {
        const res = await t.app.inject({ ...call });
        expect(res.statusCode, `nobody ${call.method} ${call.url}`).toBe(401);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>(res);
    for (const [path, method] of [
      ['/api/admin/gifts', 'get'],
      ['/api/admin/gifts', 'post'],
      ['/api/admin/gifts/{id}', 'patch'],
      ['/api/admin/gifts/{id}', 'delete'],
      ['/api/admin/gifts/statistics', 'get'],
      ['/api/admin/gifts/statistics/csv', 'get'],
      ['/api/admin/dashboard', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['admin']);
      expect(doc.paths[path]?.[method]?.summary).toBeTruthy();
    }
  });

  describe('the catalogue', () => {
    it('adds a gift with both names and an uploaded picture; logged; catalog.updated', async () => {
      const events = recordEvents(t.app, 'catalog.updated');
      const res = await create();
      expect(res.statusCode).toBe(201);
      const gift = json<{ data: AdminGift }>(res).data;
      expect(gift).toMatchObject({
        name_ru: 'Ёлка',
        name_en: 'Fir tree',
        price: 40,
        active: true,
        premium_only: false,
        sent: 0,
      });
      expect(gift.image).toMatch(/^\/storage\/files\/.+\.png$/);
      expect(events).toContainEqual({ part: 'gifts' });
      const [row] = (await logRows(t.app, 'gifts.create')).filter(
        (r) => r.subject_id === String(gift.id),
      );
      expect(row).toMatchObject({ actor_id: admin.user.id, subject_type: 'gift' });
      expect(JSON.parse(row!.after)).toMatchObject({ name_en: 'Fir tree' });
      // The shop offers it at once, named in the asker's language.
      const shop = json<{ data: { id: number; name: string; image: string }[] }>(
        await admin.asBrowser({
          method: 'GET',
          url: '/api/gifts',
          headers: { 'x-localization': 'en' },
        }),
      ).data;
      expect(shop.find((g) => g.id === gift.id)).toMatchObject({
        name: 'Fir tree',
        image: gift.image,
      });
    });

    it.each([
      ['-1', -1],
      ['1.5', 1.5],
      ['10^12', 10 ** 12],
      ['zero', 0],
      ['a string', 'ten'],
    ])('refuses a price of %s (422, nothing stored)', async (_name, price) => {
      const before = await snapshot();
      const res = await create({ price });
      expect(res.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty('price');
      const gift = await insertGift(t.app);
      const patched = await admin.asBrowser({
        method: 'PATCH',
        url: `/api/admin/gifts/${gift.id}`,
        payload: { price, updated_at: gift.updated_at },
      });
      expect(patched.statusCode).toBe(422);
      const row = await t.app.deps.database.db
        .selectFrom('gifts')
        .select('price')
        .where('id', '=', gift.id)
        .executeTakeFirstOrThrow();
      expect(row.price).toBe(10);
      expect((await snapshot()).log).toEqual(before.log);
    });

    it('refuses a picture that is not the caller’s own finished upload', async () => {
      const other = await person('admin');
      const theirs = await completeAttachment(t.app, other.user.id);
      const res = await admin.asBrowser({
        method: 'POST',
        url: '/api/admin/gifts',
        payload: { name_ru: 'a', name_en: 'a', image_id: theirs, price: 5 },
      });
      expect(res.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty('image_id');
    });

    it('changes a gift; the later of two admins editing at once gets 409', async () => {
      const gift = json<{ data: AdminGift }>(await create()).data;
      const first = await admin.asBrowser({
        method: 'PATCH',
        url: `/api/admin/gifts/${gift.id}`,
        payload: { price: 99, premium_only: true, updated_at: gift.updated_at },
      });
      expect(first.statusCode).toBe(200);
      const changed = json<{ data: AdminGift }>(first).data;
      expect(changed).toMatchObject({ price: 99, premium_only: true });
      expect(changed.updated_at).not.toBe(gift.updated_at);
      const second = await admin.asBrowser({
        method: 'PATCH',
        url: `/api/admin/gifts/${gift.id}`,
        payload: { price: 1, updated_at: gift.updated_at },
      });
      expect(second.statusCode).toBe(409);
      expect(json(second)).toMatchObject({ code: 'conflict' });
      const log = (await logRows(t.app, 'gifts.update')).filter(
        (r) => r.subject_id === String(gift.id),
      );
      expect(log).toHaveLength(1);
      expect(JSON.parse(log[0]!.before)).toMatchObject({ price: 40 });
      expect(JSON.parse(log[0]!.after)).toMatchObject({ price: 99 });
    });

    it('edits a seeded gift that was never edited (its version is the epoch)', async () => {
      const gift = await insertGift(t.app);
      const list = json<{ data: AdminGift[] }>(
        await admin.asBrowser({ method: 'GET', url: '/api/admin/gifts' }),
      ).data;
      const listed = list.find((g) => g.id === gift.id)!;
      const res = await admin.asBrowser({
        method: 'PATCH',
        url: `/api/admin/gifts/${gift.id}`,
        payload: { name_en: 'Renamed', updated_at: listed.updated_at },
      });
      expect(res.statusCode).toBe(200);
      expect(json<{ data: AdminGift }>(res).data.name_en).toBe('Renamed');
    });

    it('withdraws a gift that was sent instead of deleting it; the shop stops offering it', async () => {
      const gift = await insertGift(t.app);
      const sender = await buildUser(t.app);
      const recipient = await buildUser(t.app);
      await insertSent(t.app, {
        giftId: gift.id,
        senderId: sender.id,
        recipientId: recipient.id,
        price: 10,
        at: new Date().toISOString(),
      });
      const events = recordEvents(t.app, 'catalog.updated');
      const res = await admin.asBrowser({ method: 'DELETE', url: `/api/admin/gifts/${gift.id}` });
      expect(res.statusCode).toBe(200);
      const removal = json<{ data: AdminGiftRemoval }>(res).data;
      expect(removal).toMatchObject({
        outcome: 'withdrawn',
        gift: { id: gift.id, active: false, sent: 1 },
      });
      const row = await t.app.deps.database.db
        .selectFrom('gifts')
        .selectAll()
        .where('id', '=', gift.id)
        .executeTakeFirst();
      expect(row?.active).toBe(0);
      expect(events).toEqual([{ part: 'gifts' }]);
      expect((await logRows(t.app, 'gifts.withdraw')).map((r) => r.subject_id)).toContain(
        String(gift.id),
      );
      const shop = json<{ data: { id: number }[] }>(
        await admin.asBrowser({ method: 'GET', url: '/api/gifts' }),
      ).data;
      expect(shop.map((g) => g.id)).not.toContain(gift.id);
    });

    it('deletes a gift never sent', async () => {
      const gift = await insertGift(t.app);
      const res = await admin.asBrowser({ method: 'DELETE', url: `/api/admin/gifts/${gift.id}` });
      expect(json<{ data: AdminGiftRemoval }>(res).data).toEqual({
        outcome: 'deleted',
        gift: null,
      });
      const row = await t.app.deps.database.db
        .selectFrom('gifts')
        .select('id')
        .where('id', '=', gift.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      const [log] = (await logRows(t.app, 'gifts.delete')).filter(
        (r) => r.subject_id === String(gift.id),
      );
      expect(JSON.parse(log!.after)).toBeNull();
      expect(
        (await admin.asBrowser({ method: 'DELETE', url: `/api/admin/gifts/${gift.id}` }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('statistics', () => {
    let a: { id: number };
    let b: { id: number };
    let s1: UserRow;
    let s2: UserRow;

    beforeAll(async () => {
      a = await insertGift(t.app, { name_en: 'Apple', name_ru: 'Яблоко', price: 10 });
      b = await insertGift(t.app, { name_en: 'Bear', name_ru: 'Мишка', price: 50 });
      s1 = await buildUser(t.app, { nick: `=Sender${Date.now() % 10000}` });
      s2 = await buildUser(t.app);
      const r = await buildUser(t.app);
      const send = (
        gift: { id: number },
        sender: UserRow,
        price: number,
        at: string,
        anonymous = false,
      ) =>
        insertSent(t.app, {
          giftId: gift.id,
          senderId: sender.id,
          recipientId: r.id,
          price,
          at,
          anonymous,
        });
      await send(a, s1, 10, '2024-01-04T20:59:00.000Z'); // Moscow 01-04: before the period
      await send(a, s1, 10, '2024-01-05T10:00:00.000Z');
      await send(a, s1, 10, '2024-01-05T22:30:00.000Z', true); // Moscow 01-06
      await send(a, s2, 12, '2024-01-06T09:00:00.000Z');
      await send(b, s2, 50, '2024-01-13T09:00:00.000Z', true);
      await send(a, s2, 10, '2024-01-21T21:30:00.000Z'); // Moscow 01-22: after it
    });

    const read = async (query: string) => {
      const res = await admin.asBrowser({
        method: 'GET',
        url: `/api/admin/gifts/statistics?${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: GiftStatistics }>(res).data;
    };

    it('counts per gift and Moscow day: coins, anonymous share, top senders', async () => {
      const stats = await read('from=2024-01-05&to=2024-01-21&group=day');
      expect(stats.totals).toHaveLength(17);
      expect(stats.totals[0]).toMatchObject({
        period: '2024-01-05',
        count: 1,
        coins: 10,
        anonymous_share: 0,
      });
      expect(stats.totals[1]).toMatchObject({
        period: '2024-01-06',
        count: 2,
        coins: 22,
        anonymous_share: 0.5,
      });
      expect(stats.totals[1]!.top_senders.map((s) => [s.user.id, s.count, s.coins])).toEqual([
        [s2.id, 1, 12],
        [s1.id, 1, 10],
      ]);
      expect(stats.gifts.map((g) => g.gift.id)).toEqual([a.id, b.id]);
      const apple = stats.gifts[0]!;
      expect(apple.gift).toMatchObject({ name_en: 'Apple', name_ru: 'Яблоко' });
      expect(apple.total).toMatchObject({ count: 3, coins: 32, anonymous_share: 0.333 });
      expect(apple.total.top_senders.map((s) => [s.user.nick.nick, s.count, s.coins])).toEqual([
        [s1.nick, 2, 20],
        [s2.nick, 1, 12],
      ]);
      expect(apple.periods.map((p) => [p.period, p.count])).toEqual([
        ['2024-01-05', 1],
        ['2024-01-06', 2],
      ]);
      expect(stats.gifts[1]!.total).toMatchObject({ count: 1, coins: 50, anonymous_share: 1 });
    });

    it('groups by week (from Monday) and by month', async () => {
      const weeks = await read('from=2024-01-05&to=2024-01-21&group=week');
      expect(weeks.totals.map((p) => [p.period, p.count])).toEqual([
        ['2024-01-01', 3],
        ['2024-01-08', 1],
        ['2024-01-15', 0],
      ]);
      const months = await read('from=2024-01-01&to=2024-02-29&group=month');
      expect(months.totals.map((p) => [p.period, p.count, p.coins])).toEqual([
        ['2024-01', 6, 102],
        ['2024-02', 0, 0],
      ]);
    });

    it('downloads the same numbers as CSV', async () => {
      const res = await admin.asBrowser({
        method: 'GET',
        url: '/api/admin/gifts/statistics/csv?from=2024-01-05&to=2024-01-21',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="gift-statistics-2024-01-05-2024-01-21-day.csv"',
      );
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'period,gift_id,gift_name_ru,gift_name_en,count,coins,anonymous_share,top_senders',
      );
      // The nick starts with "=": kept as text, not a formula.
      expect(lines.slice(1)).toEqual([
        `2024-01-05,${a.id},Яблоко,Apple,1,10,0,'${s1.nick} 1/10`,
        `2024-01-06,${a.id},Яблоко,Apple,2,22,0.5,${s2.nick} 1/12; ${s1.nick} 1/10`,
        `2024-01-13,${b.id},Мишка,Bear,1,50,1,${s2.nick} 1/50`,
      ]);
    });

    it.each([
      ['from after to', 'from=2024-02-01&to=2024-01-01', 'from'],
      ['more than two years', 'from=2021-01-01&to=2024-01-01', 'from'],
      ['a day that does not exist', 'from=2024-02-30&to=2024-03-01', 'from'],
      ['not an ISO date', 'from=01.02.2024', 'from'],
      ['an unknown grouping', 'group=year', 'group'],
    ])('refuses %s (422)', async (_name, query, field) => {
      for (const url of [
        '/api/admin/gifts/statistics',
        '/api/admin/gifts/statistics/csv',
        '/api/admin/dashboard',
      ]) {
        if (field === 'group' && url.endsWith('dashboard')) continue;
        const res = await admin.asBrowser({ method: 'GET', url: `${url}?${query}` });
        expect(res.statusCode, url).toBe(422);
        expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty(field);
      }
    });
  });
});
