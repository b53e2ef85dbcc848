import type { PremiumBought, PremiumInfo } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';

const dialects = await testDialects();
const DAY = 24 * 3600 * 1000;
type Errors = { code: string; errors: Record<string, string[]> };

describe.each(dialects)('premium purchases on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const person = async (role?: 'guest' | 'user' | 'moderator') =>
    signedIn(t.app, await buildUser(t.app, role ? { role } : {}));
  const call = (who: Client, opts: InjectOptions) =>
    who.asBrowser({ ...opts, headers: { 'x-localization': 'en', ...(opts.headers ?? {}) } });
  const buy = (who: Client, payload: Record<string, unknown>) =>
    call(who, { method: 'POST', url: '/api/premium', payload });
  const row = (id: number) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const purchases = (buyerId: number) =>
    t.database.db
      .selectFrom('premium_purchases')
      .selectAll()
      .where('buyer_id', '=', buyerId)
      .orderBy('id')
      .execute();
  const wallet = (id: number) => t.app.deps.economy.ledger.wallet(id);
  const until = async (id: number) => Date.parse((await row(id)).premium_until ?? 'x');

  it('lists the plans at their default prices, and a site setting changes one', async () => {
    const a = await person();
    const info = json<{ data: PremiumInfo }>(await call(a, { method: 'GET', url: '/api/premium' }));
    expect(info.data).toEqual({
      plans: [
        { plan: 'month', days: 30, price: 199 },
        { plan: 'quarter', days: 90, price: 499 },
        { plan: 'year', days: 365, price: 1690 },
      ],
      premium: { active: false, until: null },
    });
    await t.database.db
      .insertInto('site_settings')
      .values([
        { key: 'premium_price_month', value: '250' },
        { key: 'premium_price_year', value: 'lots' },
      ])
      .execute();
    const changed = json<{ data: PremiumInfo }>(
      await call(a, { method: 'GET', url: '/api/premium' }),
    );
    expect(changed.data.plans.map((p) => p.price)).toEqual([250, 499, 1690]);
    await t.database.db
      .deleteFrom('site_settings')
      .where('key', 'like', 'premium_price_%')
      .execute();
  });

  it('buys each plan from the balance, bonus first, each extending from the current end', async () => {
    const a = await person();
    await fund(t.app, a.user.id, { balance: 2000, bonus: 388 });
    const changed = recordEvents(t.app, 'premium.changed');
    const updated = recordEvents(t.app, 'user.updated');
    const start = Date.now();
    const month = await buy(a, { plan: 'month' });
    expect(month.statusCode, month.body).toBe(200);
    const first = json<{ data: PremiumBought }>(month).data;
    expect(first).toMatchObject({
      user_id: a.user.id,
      premium: { active: true },
      wallet: { balance: 2000, bonus: 189, total: 2189 },
    });
    const end1 = Date.parse(first.premium.until!);
    expect(end1).toBeGreaterThanOrEqual(start + 30 * DAY);
    expect(end1).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const quarter = json<{ data: PremiumBought }>(await buy(a, { plan: 'quarter' })).data;
    expect(Date.parse(quarter.premium.until!)).toBe(end1 + 90 * DAY);
    const year = json<{ data: PremiumBought }>(await buy(a, { plan: 'year' })).data;
    expect(Date.parse(year.premium.until!)).toBe(end1 + 455 * DAY);
    expect(year.wallet).toEqual({ balance: 0, bonus: 0, total: 0 });

    const bought = await purchases(a.user.id);
    expect(bought.map((p) => [p.plan, p.days, p.price, p.user_id])).toEqual([
      ['month', 30, 199, a.user.id],
      ['quarter', 90, 499, a.user.id],
      ['year', 365, 1690, a.user.id],
    ]);
    const ledger = await t.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', a.user.id)
      .where('reason', '=', 'premium')
      .orderBy('id')
      .execute();
    expect(ledger.map((r) => [r.part, r.amount, r.ref_type, r.ref_id])).toEqual([
      ['bonus', -199, 'premium', bought[0]!.id],
      ['bonus', -189, 'premium', bought[1]!.id],
      ['balance', -310, 'premium', bought[1]!.id],
      ['balance', -1690, 'premium', bought[2]!.id],
    ]);
    const mine = changed.filter((e) => e.userId === a.user.id);
    expect(mine.map((e) => e.premium.until)).toEqual([
      first.premium.until,
      quarter.premium.until,
      year.premium.until,
    ]);
    expect(updated.filter((e) => e.user.id === a.user.id)).toHaveLength(3);
    // User data and the public user show it.
    const data = json<{ data: { user: { premium: unknown; user: { premium: boolean } } } }>(
      await call(a, { method: 'GET', url: '/api/init' }),
    ).data.user;
    expect(data.premium).toEqual({ active: true, until: year.premium.until });
    expect(data.user.premium).toBe(true);
    // A job waits for the end.
    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `premium.expire:${a.user.id}:${year.premium.until}`)
      .executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at)).toBe(Date.parse(year.premium.until!));
    await expectLedgerAddsUp(t.app);
  });

  it('refuses a purchase without enough coins (422 errors.balance) and changes nothing', async () => {
    const a = await person();
    await fund(t.app, a.user.id, { balance: 100, bonus: 98 });
    const res = await buy(a, { plan: 'month' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(res).errors)).toEqual(['balance']);
    expect(json<Errors>(res).errors.balance).toEqual(['Not enough coins.']);
    expect((await row(a.user.id)).premium_until).toBeNull();
    expect(await purchases(a.user.id)).toEqual([]);
    expect(await wallet(a.user.id)).toEqual({ balance: 100, bonus: 98, total: 198 });
    await expectLedgerAddsUp(t.app);
  });

  it('extends a running premium from its end, and a lapsed one from now', async () => {
    const a = await person();
    await fund(t.app, a.user.id, { balance: 398 });
    const end = new Date(Date.now() + 10 * DAY).toISOString();
    await t.database.db
      .updateTable('users')
      .set({ premium_until: end })
      .where('id', '=', a.user.id)
      .execute();
    const res = json<{ data: PremiumBought }>(await buy(a, { plan: 'month' })).data;
    expect(Date.parse(res.premium.until!)).toBe(Date.parse(end) + 30 * DAY);

    const past = new Date(Date.now() - 5 * DAY).toISOString();
    await t.database.db
      .updateTable('users')
      .set({ premium_until: past })
      .where('id', '=', a.user.id)
      .execute();
    const before = Date.now();
    const again = json<{ data: PremiumBought }>(await buy(a, { plan: 'month' })).data;
    expect(Date.parse(again.premium.until!)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(Date.parse(again.premium.until!)).toBeLessThanOrEqual(Date.now() + 30 * DAY);
  });

  it('extends twice for two purchases at the same instant', async () => {
    const a = await person();
    await fund(t.app, a.user.id, { balance: 398 });
    const before = Date.now();
    const [one, two] = await Promise.all([buy(a, { plan: 'month' }), buy(a, { plan: 'month' })]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const end = await until(a.user.id);
    expect(end).toBeGreaterThanOrEqual(before + 60 * DAY);
    expect(end).toBeLessThanOrEqual(Date.now() + 60 * DAY);
    const ends = (await purchases(a.user.id)).map((p) => Date.parse(p.until)).sort();
    expect(ends[1]! - ends[0]!).toBe(30 * DAY);
    expect(await wallet(a.user.id)).toEqual({ balance: 0, bonus: 0, total: 0 });
    await expectLedgerAddsUp(t.app);
  });

  it('buys once for the same request_id sent 20 times at once', async () => {
    const a = await person();
    await fund(t.app, a.user.id, { balance: 199 * 20 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(a, { plan: 'month', request_id: 'buy-premium-0001' })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ends = new Set(answers.map((r) => json<{ data: PremiumBought }>(r).data.premium.until));
    expect(ends.size).toBe(1);
    expect(await purchases(a.user.id)).toHaveLength(1);
    expect(await wallet(a.user.id)).toEqual({ balance: 199 * 19, bonus: 0, total: 199 * 19 });
    // Later, the same key still answers the first purchase.
    const later = await buy(a, { plan: 'year', request_id: 'buy-premium-0001' });
    expect(json<{ data: PremiumBought }>(later).data.premium.until).toBe([...ends][0]);
    expect(await purchases(a.user.id)).toHaveLength(1);
    await expectLedgerAddsUp(t.app);
  });

  it('lets exactly 3 of 50 parallel purchases through with coins for 3', async () => {
    const a = await person();
    await fund(t.app, a.user.id, { balance: 3 * 199 + 50 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        buy(a, { plan: 'month', request_id: `parallel-buy-${String(i).padStart(4, '0')}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 422)).toHaveLength(47);
    expect(await purchases(a.user.id)).toHaveLength(3);
    expect(await wallet(a.user.id)).toEqual({ balance: 50, bonus: 0, total: 50 });
    await expectLedgerAddsUp(t.app);
  });

  it('gives premium to another registered user, who is notified', async () => {
    const buyer = await person();
    const friend = await person();
    await fund(t.app, buyer.user.id, { balance: 500 });
    const changed = recordEvents(t.app, 'premium.changed');
    const res = await buy(buyer, { plan: 'month', user_id: friend.user.id });
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<{ data: PremiumBought }>(res).data;
    expect(answer).toMatchObject({
      user_id: friend.user.id,
      premium: { active: true },
      wallet: { balance: 301, bonus: 0, total: 301 },
    });
    expect((await row(buyer.user.id)).premium_until).toBeNull();
    expect((await row(friend.user.id)).premium_until).toBe(answer.premium.until);
    expect(changed.map((e) => e.userId)).toEqual([friend.user.id]);
    const entry = await t.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', buyer.user.id)
      .where('amount', '<', 0)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ reason: 'premium-gift', counterpart_id: friend.user.id });
    const note = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', friend.user.id)
      .executeTakeFirstOrThrow();
    expect(note.kind).toBe('gift');
    expect(JSON.parse(note.data)).toMatchObject({
      premium: 'month',
      sender: { id: buyer.user.id },
    });
    await expectLedgerAddsUp(t.app);
  });

  it('refuses a gift to oneself, a deleted user, a guest or nobody, spending nothing', async () => {
    const buyer = await person();
    const guest = await person('guest');
    const gone = await person();
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.user.id)
      .execute();
    await fund(t.app, buyer.user.id, { balance: 500 });
    for (const [userId, key] of [
      [buyer.user.id, 'You can'],
      [gone.user.id, 'Premium cannot'],
      [guest.user.id, 'Premium cannot'],
      [9_999_999, 'Premium cannot'],
    ] as const) {
      const res = await buy(buyer, { plan: 'month', user_id: userId });
      expect(res.statusCode, String(userId)).toBe(422);
      expect(Object.keys(json<Errors>(res).errors)).toEqual(['user_id']);
      expect(json<Errors>(res).errors.user_id![0]).toMatch(
        key === 'You can' ? /^Buy premium for yourself/ : /^Premium cannot/,
      );
    }
    expect(await purchases(buyer.user.id)).toEqual([]);
    expect(await wallet(buyer.user.id)).toEqual({ balance: 500, bonus: 0, total: 500 });
    for (const id of [gone.user.id, guest.user.id])
      expect((await row(id)).premium_until).toBeNull();
    await expectLedgerAddsUp(t.app);
  });

  it('lets no guest buy premium, and checks the plan', async () => {
    const guest = await person('guest');
    expect((await buy(guest, { plan: 'month' })).statusCode).toBe(403);
    const a = await person();
    await fund(t.app, a.user.id, { balance: 500 });
    for (const plan of ['week', '', 'MONTH', ['month'], null])
      expect((await buy(a, { plan })).statusCode).toBe(422);
    expect(await wallet(a.user.id)).toEqual({ balance: 500, bonus: 0, total: 500 });
  });
});
