import type { NotificationWire } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, observe, type Observer } from '../../../hostile/kit';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildUser, json, signedIn } from '../../../test/factories';
import { expectLedgerAddsUp } from '../ledger-test-kit';
import { paymentsKit } from './payments-test-kit';
import { payPageLocale } from './test-pay-page';

const dialects = await testDialects();

describe('the pay page’s language', () => {
  it('takes ?lang=, then Accept-Language by preference, else Russian', () => {
    expect(payPageLocale('en', 'ru')).toBe('en');
    expect(payPageLocale(undefined, 'en-GB,en;q=0.9,ru;q=0.8')).toBe('en');
    expect(payPageLocale(undefined, 'de;q=1, ru;q=0.5, en;q=0.7')).toBe('en');
    expect(payPageLocale(undefined, 'en;q=0, ru')).toBe('ru');
    expect(payPageLocale('xx', 'fr')).toBe('ru');
    expect(payPageLocale(undefined, undefined)).toBe('ru');
  });
});

describe.each(dialects)('the test payment provider on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { JOB_CONCURRENCY: '0' });
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  const k = paymentsKit(() => t.app);
  const person = async () => signedIn(t.app, await buildUser(t.app));
  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);

  it('serves its pay page in both languages, escaped, without inline script or style', async () => {
    const anna = await person();
    const invoice = await k.invoice(anna, 1234);
    // A description is the provider's to show: make it hostile to prove it is escaped.
    await t.database.db
      .updateTable('test_payments')
      .set({ description: '<script>alert(1)</script> & "quotes"' })
      .where('id', '=', k.tokenOf(invoice))
      .execute();
    const ru = await t.app.inject({ method: 'GET', url: invoice.pay_url! });
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toMatch(/^text\/html/);
    expect(ru.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('Оплатить');
    expect(ru.body).toContain('Отказаться');
    expect(ru.body).toMatch(/1\s234,00\s₽/);
    expect(ru.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(ru.body).not.toContain('<script');
    expect(ru.body).not.toMatch(/style=|<style/);
    expect(ru.body).toContain(`<form method="post" action="${invoice.pay_url}">`);

    const en = await t.app.inject({ method: 'GET', url: `${invoice.pay_url}?lang=en` });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toMatch(/>Pay<.*>Fail</s);
    expect(en.body).toContain('RUB\u00a01,234.00');
    const byHeader = await t.app.inject({
      method: 'GET',
      url: invoice.pay_url!,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="en">');

    const css = await t.app.inject({ method: 'GET', url: '/pay/test/page.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    for (const url of ['/pay/test/tp_nosuchpaymentnosuchpayment0', '/pay/test/%3Cb%3E']) {
      const missing = await t.app.inject({ method: 'GET', url: `${url}?lang=en` });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('There is no such payment.');
      expect(missing.body).not.toContain('<b>');
    }
  });

  it('Pay: the notice credits the balance once, BalanceUpdated and invoice-has-paid go out', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const invoice = await k.invoice(anna, 250);
    const wallets = recordEvents(t.app, 'wallet.changed');
    const notified = recordEvents(t.app, 'notification.created');
    const broadcasts: string[] = [];
    const realtime = t.app.deps.realtime;
    const broadcast = realtime.broadcast.bind(realtime);
    realtime.broadcast = (b) => {
      broadcasts.push(`${b.channel} ${b.event}`);
      return broadcast(b);
    };
    try {
      // The payer's browser still has our session cookie, and no XSRF header: it does not matter.
      const res = await k.press(k.tokenOf(invoice), 'pay', {
        cookie: `chat_session=${anna.token}`,
      });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/ru/balance/invoices');
    } finally {
      realtime.broadcast = broadcast;
    }
    const row = await k.row(invoice.id);
    expect(row.status).toBe('paid');
    expect(row.paid_at).not.toBeNull();
    expect(await t.app.deps.economy.ledger.wallet(anna.user.id)).toEqual({
      balance: 250,
      bonus: 0,
      total: 250,
    });
    const [entry, ...more] = await k.topups(anna.user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      amount: 250,
      part: 'balance',
      ref_type: 'invoice',
      ref_id: invoice.id,
      op_key: `invoice-${invoice.id}`,
    });
    expect(wallets.filter((w) => w.userId === anna.user.id)).toEqual([
      { userId: anna.user.id, wallet: { balance: 250, bonus: 0, total: 250 } },
    ]);
    expect(notified.map((n) => [n.userId, n.notification.kind, n.notification.data])).toEqual([
      [anna.user.id, 'invoice-has-paid', { invoice_id: invoice.id, amount: 250 }],
    ]);
    expect(broadcasts).toContain(`private-user.${anna.user.id} BalanceUpdated`);

    // The page now shows it paid; pressing again (or Fail) changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `${invoice.pay_url}?lang=en` });
    expect(page.body).toContain('The payment went through.');
    expect(page.body).not.toContain('<form');
    await nothingChanges(async () => {
      expect((await k.press(k.tokenOf(invoice), 'pay')).statusCode).toBe(303);
      expect((await k.press(k.tokenOf(invoice), 'fail')).statusCode).toBe(303);
      expect((await k.succeededNotice(k.tokenOf(invoice))).statusCode).toBe(200);
    });
    const list = json<{ data: NotificationWire[] }>(
      await anna.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data;
    expect(list.filter((n) => n.kind === 'invoice-has-paid')).toHaveLength(1);
    await expectLedgerAddsUp(t.app);
  });

  it('Fail: canceled, nothing credited; a forged "succeeded" notice after it changes nothing', async () => {
    const anna = await person();
    const invoice = await k.invoice(anna, 100);
    const res = await k.press(k.tokenOf(invoice), 'fail');
    expect(res.statusCode).toBe(303);
    expect((await k.row(invoice.id)).status).toBe('unpaid');
    await nothingChanges(async () => {
      expect((await k.succeededNotice(k.tokenOf(invoice))).statusCode).toBe(200);
      expect((await k.press(k.tokenOf(invoice), 'pay')).statusCode).toBe(303);
    });
    expect(await k.topups(anna.user.id)).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: `${invoice.pay_url}?lang=en` });
    expect(page.body).toContain('The payment was canceled.');
    expectError(await k.press(k.tokenOf(invoice), 'steal'), 422, 'validation');
    await expectLedgerAddsUp(t.app);
  });

  it('answers 401 to a bad signature and changes nothing', async () => {
    const anna = await person();
    const invoice = await k.invoice(anna, 100);
    const token = k.tokenOf(invoice);
    await k.settleQuietly(token, 'succeeded');
    const body = { event: 'payment.succeeded', payment_id: token };
    const secret = t.app.deps.config.secrets.paymentsTestSecret;
    const { signTestNotice } = await import('./test-provider');
    await nothingChanges(async () => {
      for (const signature of [
        '',
        'x',
        '0'.repeat(64),
        signTestNotice(`${secret}x`, JSON.stringify(body)),
        // Signed, but for another body: the signature covers the exact bytes.
        signTestNotice(secret, JSON.stringify({ ...body, extra: 1 })),
      ]) {
        expectError(await k.notice(body, signature), 401, 'unauthenticated');
      }
      const noHeader = await t.app.inject({
        method: 'POST',
        url: '/api/payments/test/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expectError(noHeader, 401, 'unauthenticated');
      // The same JSON spelled with other spaces is other bytes.
      const signed = signTestNotice(secret, JSON.stringify(body));
      expectError(await k.notice(JSON.stringify(body, null, 1), signed), 401, 'unauthenticated');
    });
    expect((await k.row(invoice.id)).status).toBe('unpaid');
  });

  it('a valid signature for a payment we never invoiced: 200, nothing changes', async () => {
    await nothingChanges(async () => {
      const res = await k.succeededNotice(`tp_${'Z'.repeat(32)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({ data: { received: true } });
      expect((await k.notice({ event: 'payment.succeeded', payment_id: 'nope' })).statusCode).toBe(
        401,
      );
    });
  });

  it('the same notice 10 times at once: one credit, one notification', async () => {
    const anna = await person();
    const invoice = await k.invoice(anna, 300);
    const token = k.tokenOf(invoice);
    await k.settleQuietly(token, 'succeeded');
    const wallets = recordEvents(t.app, 'wallet.changed');
    const answers = await Promise.all(Array.from({ length: 10 }, () => k.succeededNotice(token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await k.topups(anna.user.id)).toHaveLength(1);
    expect(await k.notificationsOf(anna.user.id)).toHaveLength(1);
    expect(wallets.filter((w) => w.userId === anna.user.id)).toHaveLength(1);
    expect(await t.app.deps.economy.ledger.wallet(anna.user.id)).toMatchObject({ balance: 300 });
    await expectLedgerAddsUp(t.app);
  });

  it('reordered notices: "canceled" after "succeeded" takes nothing back and adds nothing', async () => {
    const anna = await person();
    const invoice = await k.invoice(anna, 120);
    const token = k.tokenOf(invoice);
    await k.settleQuietly(token, 'succeeded');
    expect((await k.succeededNotice(token)).statusCode).toBe(200);
    await nothingChanges(async () => {
      const late = await k.notice({ event: 'payment.canceled', payment_id: token });
      expect(late.statusCode).toBe(200);
    });
    expect((await k.row(invoice.id)).status).toBe('paid');
    expect(await t.app.deps.economy.ledger.wallet(anna.user.id)).toMatchObject({ balance: 120 });
  });

  it('a payment that succeeds after its invoice expired is not credited (left for a refund)', async () => {
    const anna = await person();
    // The expiry job has run.
    const expired = await k.invoice(anna, 100);
    await k.pastDue(expired.id);
    await t.app.deps.economy.payments.service.expire(expired.id);
    const res = await k.press(k.tokenOf(expired), 'pay');
    expect(res.statusCode).toBe(303);
    expect((await k.row(expired.id)).status).toBe('expired');
    // The time is up but the job has not run yet: the same, and the invoice ends now.
    const due = await k.invoice(anna, 100);
    await k.pastDue(due.id);
    await k.settleQuietly(k.tokenOf(due), 'succeeded');
    expect((await k.succeededNotice(k.tokenOf(due))).statusCode).toBe(200);
    expect((await k.row(due.id)).status).toBe('expired');
    expect(await k.topups(anna.user.id)).toEqual([]);
    expect(await k.notificationsOf(anna.user.id)).toEqual([]);
    await expectLedgerAddsUp(t.app);
  });

  it('a payment whose amount, currency or invoice differs from the invoice credits nothing', async () => {
    const anna = await person();
    const cases: Record<string, unknown>[] = [{ amount: 99 }, { currency: 'USD' }, {}];
    for (const change of cases) {
      const invoice = await k.invoice(anna, 100);
      const token = k.tokenOf(invoice);
      const other = await k.invoice(anna, 100);
      await t.database.db
        .updateTable('test_payments')
        .set({
          status: 'succeeded',
          ...change,
          ...(change.amount || change.currency ? {} : { invoice_id: other.id }),
        })
        .where('id', '=', token)
        .execute();
      await nothingChanges(async () => {
        expect((await k.succeededNotice(token)).statusCode).toBe(200);
      });
      expect((await k.row(invoice.id)).status).toBe('unpaid');
    }
    expect(await k.topups(anna.user.id)).toEqual([]);
  });

  it('refuses notices that are not signed JSON: forms, wrong providers', async () => {
    const anna = await person();
    const invoice = await k.invoice(anna, 100);
    await nothingChanges(async () => {
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/payments/test/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `event=payment.succeeded&payment_id=${k.tokenOf(invoice)}`,
      });
      expectError(form, 422, 'validation');
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        payload: { event: 'x' },
      });
      expectError(unknown, 422, 'validation');
      // YooKassa is not configured here.
      const yookassa = await t.app.inject({
        method: 'POST',
        url: '/api/payments/yookassa/webhook',
        payload: { type: 'notification', event: 'payment.succeeded', object: { id: 'x' } },
      });
      expectError(yookassa, 404, 'not_found');
    });
  });
});
