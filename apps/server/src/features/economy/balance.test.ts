import type { InvoiceWire, LedgerEntry, PageMeta, WalletInfo } from '@chat/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';
import { LEDGER_PAGE } from './ledger.service';

const dialects = await testDialects();

describe.each(dialects)('the balance page on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(async () => expectLedgerAddsUp(t.app));

  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));
  const get = (who: Client, url: string) => who.asBrowser({ method: 'GET', url });
  const page = async <T>(who: Client, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: T[]; meta: PageMeta }>(res);
  };
  const invoice = (
    userId: number,
    amount: number,
    status: 'unpaid' | 'paid' | 'expired',
    expiresInMs: number,
  ) => {
    const now = Date.now();
    return t.database.db
      .insertInto('invoices')
      .values({
        user_id: userId,
        amount,
        currency: 'RUB',
        provider: 'test',
        provider_payment_id: `pay-${userId}-${amount}`,
        status,
        pay_url: `http://localhost/pay/${amount}`,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + expiresInMs).toISOString(),
        paid_at: status === 'paid' ? new Date(now).toISOString() : null,
      })
      .execute();
  };

  it('history: my ledger, newest first, paged, with resulting totals', async () => {
    const anna = await person();
    await fund(t.app, anna.user.id, { balance: 100, bonus: 5 });
    for (let i = 0; i < LEDGER_PAGE; i += 1)
      await t.app.deps.economy.ledger.run((tx) =>
        tx.debit({
          userId: anna.user.id,
          amount: 1,
          reason: 'gift',
          refType: 'gift',
          refId: i + 1,
        }),
      );
    const first = await page<LedgerEntry>(anna, '/api/balance/history');
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: LEDGER_PAGE,
      total: LEDGER_PAGE + 2,
    });
    expect(first.data[0]).toMatchObject({
      amount: -1,
      part: 'balance',
      reason: 'gift',
      ref_type: 'gift',
      ref_id: LEDGER_PAGE,
      counterpart: null,
      balance_after: 100 - (LEDGER_PAGE - 5),
      bonus_after: 0,
    });
    const ids = first.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await page<LedgerEntry>(anna, '/api/balance/history?page=2');
    expect(second.data.map((e) => [e.reason, e.part, e.amount])).toEqual([
      ['adjustment', 'bonus', 5],
      ['adjustment', 'balance', 100],
    ]);
    expect((await page<LedgerEntry>(anna, '/api/balance/history?page=9')).data).toEqual([]);
    // Only mine.
    const boris = await person();
    expect((await page<LedgerEntry>(boris, '/api/balance/history')).meta.total).toBe(0);
  });

  it('invoices: mine, newest first, with their statuses; an overdue one reads expired', async () => {
    const anna = await person();
    const boris = await person();
    await invoice(anna.user.id, 100, 'paid', 60_000);
    await invoice(anna.user.id, 200, 'expired', -60_000);
    await invoice(anna.user.id, 300, 'unpaid', -1000);
    await invoice(anna.user.id, 400, 'unpaid', 600_000);
    await invoice(boris.user.id, 500, 'unpaid', 600_000);
    const list = await page<InvoiceWire>(anna, '/api/balance/invoices');
    expect(list.meta).toMatchObject({ total: 4, current_page: 1, last_page: 1 });
    expect(list.data.map((i) => [i.amount, i.status, i.pay_url !== null])).toEqual([
      [400, 'unpaid', true],
      [300, 'expired', false],
      [200, 'expired', false],
      [100, 'paid', false],
    ]);
    expect(list.data[3]).toMatchObject({ provider: 'test', currency: 'RUB' });
    expect(list.data[3]?.paid_at).not.toBeNull();
  });

  it('GET /api/wallet and /api/balance: the totals and the next bonus', async () => {
    const anna = await person();
    await fund(t.app, anna.user.id, { balance: 12, bonus: 3 });
    for (const url of ['/api/wallet', '/api/balance']) {
      const res = await get(anna, url);
      expect(res.statusCode, res.body).toBe(200);
      const info = json<{ data: WalletInfo }>(res).data;
      expect(info).toMatchObject({
        wallet: { balance: 12, bonus: 3, total: 15 },
        daily_bonus_available: true,
      });
      expect(Date.parse(info.daily_bonus_next_at)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('bad tabs and pages are refused; guests and strangers get nothing', async () => {
    const anna = await person();
    for (const url of [
      '/api/balance/premium',
      '/api/balance/history?page=0',
      '/api/balance/history?page=-1',
      '/api/balance/history?page=1.5',
      '/api/balance/history?page=abc',
      '/api/balance/invoices?page=9999999',
    ]) {
      const res = await get(anna, url);
      expect([404, 422], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    const guest = await person('guest');
    for (const url of ['/api/balance/history', '/api/balance/invoices', '/api/wallet']) {
      expect((await get(guest, url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
