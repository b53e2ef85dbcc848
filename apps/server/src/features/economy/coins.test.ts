import {
  COINS_GIFT_DAILY_LIMIT,
  nextMoscowMidnight,
  type CoinsSent,
  type NotificationWire,
  type WalletWire,
} from '@chat/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { nowIso } from '../../lib/clock';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';

const dialects = await testDialects();

describe.each(dialects)('coins as a gift on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    vi.useRealTimers();
    await expectLedgerAddsUp(t.app);
  });

  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));
  const send = (from: Client, payload: Record<string, unknown>, form = false) =>
    from.asBrowser({
      method: 'POST',
      url: '/api/coins/send',
      ...(form
        ? {
            payload: new URLSearchParams(payload as Record<string, string>).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload }),
    });
  const wallet = (who: Client): Promise<WalletWire> =>
    t.app.deps.economy.ledger.wallet(who.user.id);
  const transfers = async (senderId: number) =>
    t.database.db
      .selectFrom('coin_transfers')
      .selectAll()
      .where('sender_id', '=', senderId)
      .execute();
  const errorsOf = (res: Parameters<typeof json>[0]) =>
    json<{ errors: Record<string, string[]> }>(res).errors;

  it('moves coins from the balance to the recipient, tells them, shows both in history', async () => {
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 50, bonus: 7 });
    const res = await send(anna, { user_id: boris.user.id, amount: 20, text: 'for tea' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = json<{ data: CoinsSent }>(res).data;
    expect(sent).toMatchObject({
      amount: 20,
      text: 'for tea',
      recipient: { id: boris.user.id },
      wallet: { balance: 30, bonus: 7, total: 37 },
    });
    expect(await wallet(boris)).toEqual({ balance: 20, bonus: 0, total: 20 });

    const notes = json<{ data: NotificationWire[] }>(
      await boris.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data;
    expect(notes[0]).toMatchObject({
      kind: 'gift-coins',
      data: { amount: 20, text: 'for tea', sender: { id: anna.user.id } },
    });

    const historyOf = async (who: Client) =>
      json<{ data: { reason: string; amount: number; counterpart: { id: number } | null }[] }>(
        await who.asBrowser({ method: 'GET', url: '/api/balance/history' }),
      ).data[0];
    expect(await historyOf(anna)).toMatchObject({
      reason: 'coins-sent',
      amount: -20,
      counterpart: { id: boris.user.id },
    });
    expect(await historyOf(boris)).toMatchObject({
      reason: 'coins-received',
      amount: 20,
      counterpart: { id: anna.user.id },
    });
  });

  it('never spends the bonus: bonus alone is not enough', async () => {
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 5, bonus: 100 });
    const res = await send(anna, { user_id: boris.user.id, amount: 6 });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toHaveProperty('balance');
    expect((await send(anna, { user_id: boris.user.id, amount: 5 })).statusCode).toBe(201);
    expect(await wallet(anna)).toEqual({ balance: 0, bonus: 100, total: 100 });
    expect((await send(anna, { user_id: boris.user.id, amount: 1 })).statusCode).toBe(422);
  });

  it('bad amounts are 422 and change nothing', async () => {
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 100 });
    const bad: unknown[] = [
      -1,
      0,
      1.5,
      '1.5',
      '-5',
      '+5',
      '1e2',
      ' 5',
      2 ** 53,
      '9007199254740993',
      1_000_001,
      'ten',
      '',
      null,
      true,
      { amount: 5 },
      [5],
    ];
    for (const amount of bad) {
      const res = await send(anna, { user_id: boris.user.id, amount });
      expect(res.statusCode, `${JSON.stringify(amount)}: ${res.body}`).toBe(422);
      expect(errorsOf(res)).toHaveProperty('amount');
    }
    for (const amount of ['1.5', '-1', '0', '9007199254740993', 'ten', '']) {
      const res = await send(anna, { user_id: String(boris.user.id), amount }, true);
      expect(res.statusCode, `form ${amount}: ${res.body}`).toBe(422);
    }
    expect((await send(anna, { user_id: boris.user.id })).statusCode).toBe(422);
    expect(await wallet(anna)).toEqual({ balance: 100, bonus: 0, total: 100 });
    expect(await transfers(anna.user.id)).toEqual([]);
    // A form's digits are fine.
    const ok = await send(anna, { user_id: String(boris.user.id), amount: '3' }, true);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('not to myself, nobody, a deleted account or a guest (422 errors.user_id)', async () => {
    const anna = await person();
    const gone = await person();
    const guest = await person('guest');
    await fund(t.app, anna.user.id, { balance: 100 });
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: nowIso() })
      .where('id', '=', gone.user.id)
      .execute();
    for (const userId of [anna.user.id, gone.user.id, guest.user.id, 999_999]) {
      const res = await send(anna, { user_id: userId, amount: 1 });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual(['user_id']);
    }
    expect(await wallet(anna)).toEqual({ balance: 100, bonus: 0, total: 100 });
    expect(await transfers(anna.user.id)).toEqual([]);
  });

  it('a guest may not give coins', async () => {
    const guest = await person('guest');
    const boris = await person();
    expect((await send(guest, { user_id: boris.user.id, amount: 1 })).statusCode).toBe(403);
  });

  it('50 sends at once with coins for 3: exactly 3 succeed, the rest are errors.balance', async () => {
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 3, bonus: 50 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send(anna, { user_id: boris.user.id, amount: 1 })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(47);
    for (const r of refused) {
      expect(r.statusCode).toBe(422);
      expect(errorsOf(r)).toHaveProperty('balance');
    }
    expect(await wallet(anna)).toEqual({ balance: 0, bonus: 50, total: 50 });
    expect(await wallet(boris)).toEqual({ balance: 3, bonus: 0, total: 3 });
    expect(await transfers(anna.user.id)).toHaveLength(3);
  });

  it('the same request_id 50 times at once is one transfer', async () => {
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 100 });
    const payload = { user_id: boris.user.id, amount: 10, request_id: 'coins-req-0001' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(anna, payload)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(49);
    const ids = new Set(answers.map((r) => json<{ data: CoinsSent }>(r).data.id));
    expect(ids.size).toBe(1);
    expect(await wallet(anna)).toEqual({ balance: 90, bonus: 0, total: 90 });
    expect(await wallet(boris)).toEqual({ balance: 10, bonus: 0, total: 10 });
    expect(await transfers(anna.user.id)).toHaveLength(1);
    // Later, too: the first answer again.
    const later = await send(anna, payload);
    expect(later.statusCode).toBe(200);
    expect(json<{ data: CoinsSent }>(later).data.id).toBe([...ids][0]);
  });

  it('two people giving each other coins at once neither deadlock nor lose a coin', async () => {
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 30 });
    await fund(t.app, boris.user.id, { balance: 30 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? send(anna, { user_id: boris.user.id, amount: 1 })
          : send(boris, { user_id: anna.user.id, amount: 1 }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    expect((await wallet(anna)).balance + (await wallet(boris)).balance).toBe(60);
  });

  it('the daily limit holds per Moscow day, also under a race', async () => {
    const midnight = nextMoscowMidnight(new Date());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() - 60_000));
    const anna = await person();
    const boris = await person();
    await fund(t.app, anna.user.id, { balance: 5000 });
    const share = COINS_GIFT_DAILY_LIMIT / 4;
    // 10 at once, each a quarter of the limit: 4 fit.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(anna, { user_id: boris.user.id, amount: share })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    for (const r of answers.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(errorsOf(r)).toHaveProperty('amount');
    }
    const over = await anna.asBrowser({
      method: 'POST',
      url: '/api/coins/send',
      headers: { 'x-localization': 'en' },
      payload: { user_id: boris.user.id, amount: 1 },
    });
    expect(over.statusCode).toBe(422);
    expect(errorsOf(over).amount).toEqual([
      `One may give at most ${COINS_GIFT_DAILY_LIMIT} coins a day. The limit renews at midnight Moscow time (${midnight.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
    ]);
    expect(await wallet(anna)).toEqual({
      balance: 5000 - COINS_GIFT_DAILY_LIMIT,
      bonus: 0,
      total: 5000 - COINS_GIFT_DAILY_LIMIT,
    });

    // A new Moscow day, a new limit.
    vi.setSystemTime(midnight);
    expect(
      (await send(anna, { user_id: boris.user.id, amount: COINS_GIFT_DAILY_LIMIT })).statusCode,
    ).toBe(201);
    expect((await send(anna, { user_id: boris.user.id, amount: 1 })).statusCode).toBe(422);
    expect(await wallet(boris)).toMatchObject({ balance: 2 * COINS_GIFT_DAILY_LIMIT });
  });
});
