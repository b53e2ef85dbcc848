import {
  DAILY_BONUS_COINS,
  nextMoscowMidnight,
  type DailyBonusWire,
  type NotificationWire,
  type WalletInfo,
} from '@chat/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { expectLedgerAddsUp } from './ledger-test-kit';

const dialects = await testDialects();

describe.each(dialects)('the daily bonus on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    vi.useRealTimers();
    await expectLedgerAddsUp(t.app);
  });

  /** The clock at `ms` from the next Moscow midnight after the real now (near today: sessions stay valid). */
  const midnight = nextMoscowMidnight(new Date());
  const at = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() + ms));
  };
  const person = async () => signedIn(t.app, await buildUser(t.app));
  const claim = (who: Client) => who.asBrowser({ method: 'POST', url: '/api/bonus/daily' });
  const walletOf = async (who: Client) =>
    json<{ data: WalletInfo }>(await who.asBrowser({ method: 'GET', url: '/api/wallet' })).data;

  it('credits the bonus part once a Moscow day; again is 429 naming the next midnight', async () => {
    const anna = await person();
    at(-60 * 60 * 1000); // 20:00 UTC, 23:00 in Moscow
    expect(await walletOf(anna)).toMatchObject({
      daily_bonus_available: true,
      wallet: { balance: 0, bonus: 0, total: 0 },
    });
    const res = await claim(anna);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: DailyBonusWire }>(res).data;
    expect(body).toMatchObject({
      entry: { amount: DAILY_BONUS_COINS, part: 'bonus', reason: 'daily-bonus', ref_type: 'bonus' },
      wallet: { balance: 0, bonus: DAILY_BONUS_COINS, total: DAILY_BONUS_COINS },
      next_at: midnight.toISOString(),
    });

    const again = await anna.asBrowser({
      method: 'POST',
      url: '/api/bonus/daily',
      headers: { 'x-localization': 'en' },
    });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('3600');
    expect(again.headers['x-ratelimit-reset']).toBe(String(midnight.getTime() / 1000));
    const hhmm = midnight.toISOString().slice(0, 16).replace('T', ' ');
    expect(json<{ message: string; code: string }>(again)).toEqual({
      code: 'too_many_requests',
      message: `You have already collected today's bonus. The next one opens at midnight Moscow time (${hhmm} UTC).`,
    });
    const ru = await anna.asBrowser({
      method: 'POST',
      url: '/api/bonus/daily',
      headers: { 'x-localization': 'ru' },
    });
    expect(json<{ message: string }>(ru).message).toContain(`полночь по Москве (${hhmm} UTC)`);

    expect(await walletOf(anna)).toEqual({
      wallet: { balance: 0, bonus: DAILY_BONUS_COINS, total: DAILY_BONUS_COINS },
      daily_bonus_available: false,
      daily_bonus_next_at: midnight.toISOString(),
      providers: ['test'],
    });
    const notes = json<{ data: NotificationWire[] }>(
      await anna.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data;
    expect(notes.filter((n) => n.kind === 'bonus-every-day')).toEqual([
      expect.objectContaining({ data: { amount: DAILY_BONUS_COINS } }),
    ]);
  });

  it('20 claims at the same instant give one credit', async () => {
    const boris = await person();
    at(-5000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(boris)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(19);
    expect((await walletOf(boris)).wallet.bonus).toBe(DAILY_BONUS_COINS);
  });

  it('the day turns at 21:00:00Z: 20:59:59.999 is the old day, 21:00:00 the new one', async () => {
    const carl = await person();
    at(-1);
    expect((await claim(carl)).statusCode).toBe(200);
    expect((await claim(carl)).statusCode).toBe(429);
    at(0);
    expect(await walletOf(carl)).toMatchObject({ daily_bonus_available: true });
    const next = await claim(carl);
    expect(next.statusCode, next.body).toBe(200);
    expect(json<{ data: DailyBonusWire }>(next).data.next_at).toBe(
      new Date(midnight.getTime() + 24 * 3600 * 1000).toISOString(),
    );
    const third = await claim(carl);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe(String(24 * 3600));
    expect((await walletOf(carl)).wallet).toEqual({
      balance: 0,
      bonus: 2 * DAILY_BONUS_COINS,
      total: 2 * DAILY_BONUS_COINS,
    });
  });

  it('20 claims at once on each side of midnight: one credit per day', async () => {
    const dora = await person();
    at(-2);
    const before = await Promise.all(Array.from({ length: 10 }, () => claim(dora)));
    expect(before.filter((r) => r.statusCode === 200)).toHaveLength(1);
    at(2);
    const after = await Promise.all(Array.from({ length: 10 }, () => claim(dora)));
    expect(after.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await walletOf(dora)).wallet.bonus).toBe(2 * DAILY_BONUS_COINS);
  });

  it('is for registered people: a guest is refused, a stranger must sign in', async () => {
    const guest = await signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
    expect((await claim(guest)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/bonus/daily' })).statusCode).toBe(401);
    expect((await guest.asBrowser({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(403);
  });
});
