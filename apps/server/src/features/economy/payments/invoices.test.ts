import { INVOICE_TTL_MINUTES, TOPUP_MAX, TOPUP_MIN, type InvoiceWire } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../../hostile/kit';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testDialects } from '../../../test/databases';
import { buildUser, json, signedIn } from '../../../test/factories';
import { expectLedgerAddsUp } from '../ledger-test-kit';
import { presentInvoice } from './invoices.presenter';
import { INVOICES_PER_MINUTE } from './payments.service';
import { paymentsKit } from './payments-test-kit';

const dialects = await testDialects();

describe.each(dialects)('opening invoices on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { JOB_CONCURRENCY: '0' });
  });
  afterAll(async () => t.close());

  const k = paymentsKit(() => t.app);
  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));

  it('opens an unpaid invoice with the test provider’s pay page, and schedules its end', async () => {
    const anna = await person();
    const before = Date.now();
    const res = await k.open(anna, { amount: 150, provider: 'test' }, { 'x-localization': 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = json<{ data: InvoiceWire }>(res).data;
    expect(invoice).toMatchObject({
      amount: 150,
      currency: 'RUB',
      provider: 'test',
      status: 'unpaid',
      paid_at: null,
    });
    expect(invoice.pay_url).toMatch(/^\/pay\/test\/tp_[\w-]+$/);
    const ttl = Date.parse(invoice.expires_at) - Date.parse(invoice.created_at);
    expect(ttl).toBe(INVOICE_TTL_MINUTES * 60_000);
    expect(Date.parse(invoice.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const row = await k.row(invoice.id);
    expect(row).toMatchObject({ user_id: anna.user.id, provider_payment_id: k.tokenOf(invoice) });
    const payment = await t.database.db
      .selectFrom('test_payments')
      .selectAll()
      .where('id', '=', k.tokenOf(invoice))
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      idempotence_key: `invoice-${invoice.id}`,
      invoice_id: invoice.id,
      amount: 150,
      currency: 'RUB',
      status: 'pending',
      description: `Balance top-up, invoice #${invoice.id}`,
    });
    expect(payment.return_url).toBe(`${t.app.deps.config.publicUrl}/en/balance/invoices`);

    const job = await t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `invoice.expire:${invoice.id}`)
      .executeTakeFirstOrThrow();
    expect(job.kind).toBe('invoice.expire');
    expect(JSON.parse(job.payload)).toEqual({ invoiceId: invoice.id });
    expect(Date.parse(job.run_at)).toBe(Date.parse(invoice.expires_at));
    // Nothing is credited by opening one.
    expect(await t.app.deps.economy.ledger.wallet(anna.user.id)).toMatchObject({ total: 0 });
  });

  it('refuses amounts out of range, fractions, words, huge numbers (422 amount), a bad provider', async () => {
    const anna = await person();
    for (const amount of [
      TOPUP_MIN - 1,
      0,
      -10,
      TOPUP_MAX + 1,
      10.5,
      '10.5',
      '1e3',
      'ten',
      ' 100',
      2 ** 53,
      '9007199254740993',
      null,
      true,
      [100],
    ]) {
      expectInvalid(await k.open(anna, { amount, provider: 'test' }), ['amount']);
    }
    expectInvalid(await k.open(anna, { provider: 'test' }), ['amount']);
    expectInvalid(await k.open(anna, { amount: 100, provider: 'paypal' }), ['provider']);
    expectInvalid(await k.open(anna, { amount: 100 }), ['provider']);
    // A form's digits count as a number; the bounds hold there too.
    const form = (body: string) =>
      anna.asBrowser({
        method: 'POST',
        url: '/api/invoices',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    expect((await form(`amount=${TOPUP_MIN}&provider=test`)).statusCode).toBe(201);
    expectInvalid(await form(`amount=${TOPUP_MAX + 1}&provider=test`), ['amount']);
    // YooKassa is not configured here.
    const off = expectInvalid(await k.open(anna, { amount: 100, provider: 'yookassa' }), [
      'provider',
    ]);
    expect(off.errors!.provider).toEqual(['Этот способ оплаты на сайте недоступен.']);
    const rows = await t.database.db
      .selectFrom('invoices')
      .select('id')
      .where('user_id', '=', anna.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is for registered people only, and refuses the banned but not the gagged', async () => {
    const guest = await person('guest');
    expectError(await k.open(guest, { amount: 100, provider: 'test' }), 403, 'guest');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: { amount: 100, provider: 'test' },
    });
    expectError(res, 401, 'unauthenticated');
    const gagged = await person();
    const banned = await person();
    const later = new Date(Date.now() + 3600_000).toISOString();
    await t.database.db
      .updateTable('users')
      .set({ gag_until: later })
      .where('id', '=', gagged.user.id)
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ ban_until: later })
      .where('id', '=', banned.user.id)
      .execute();
    expect((await k.open(gagged, { amount: 100, provider: 'test' })).statusCode).toBe(201);
    expectError(await k.open(banned, { amount: 100, provider: 'test' }), 403, 'banned');
  });

  it(`opens at most ${INVOICES_PER_MINUTE} a minute per person (429)`, async () => {
    const anna = await person();
    const answers = await Promise.all(
      Array.from({ length: INVOICES_PER_MINUTE + 3 }, () =>
        k.open(anna, { amount: 100, provider: 'test' }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(INVOICES_PER_MINUTE);
    for (const res of answers.filter((r) => r.statusCode === 429))
      expectError(res, 429, 'too_many_requests');
    // Another person is not held back by Anna.
    expect((await k.open(await person(), { amount: 100, provider: 'test' })).statusCode).toBe(201);
  });

  it('expires an unpaid invoice on time, never a paid one, never early', async () => {
    const anna = await person();
    const early = await k.invoice(anna, 100);
    expect(await t.app.deps.economy.payments.service.expire(early.id)).toBe(false);
    expect((await k.row(early.id)).status).toBe('unpaid');

    await k.pastDue(early.id);
    // Past its time it reads expired (and has no pay_url) even before the job runs.
    expect(presentInvoice(await k.row(early.id))).toMatchObject({
      status: 'expired',
      pay_url: null,
    });
    expect(await t.app.deps.economy.payments.service.expire(early.id)).toBe(true);
    expect(await t.app.deps.economy.payments.service.expire(early.id)).toBe(false);
    expect((await k.row(early.id)).status).toBe('expired');

    const paid = await k.invoice(anna, 100);
    expect((await k.press(k.tokenOf(paid), 'pay')).statusCode).toBe(303);
    await k.pastDue(paid.id);
    expect(await t.app.deps.economy.payments.service.expire(paid.id)).toBe(false);
    expect((await k.row(paid.id)).status).toBe('paid');
    await expectLedgerAddsUp(t.app);
  });
});

describe.each(dialects)('with the test provider turned off on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { PAYMENTS_TEST_ENABLED: '0' });
  });
  afterAll(async () => t.close());

  it('takes no invoices, serves no pay page, hears no notices', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const k = paymentsKit(() => t.app);
    expectInvalid(await k.open(anna, { amount: 100, provider: 'test' }), ['provider']);
    expect((await t.app.inject({ method: 'GET', url: '/pay/test/tp_abc' })).statusCode).toBe(404);
    expectError(await k.succeededNotice(`tp_${'a'.repeat(32)}`), 404, 'not_found');
    expect(t.app.deps.economy.payments.service.enabled()).toEqual([]);
  });
});

// Issue 19, point 3: a real site never offers the test provider, which credits coins for nothing.
describe.each(dialects)('the test provider on a site at a public address on %s', (dialect) => {
  let local: TestApp;
  let real: TestApp;
  beforeAll(async () => {
    local = await buildTestApp(dialect);
    real = await buildTestApp(dialect, { PUBLIC_URL: 'https://chat.example' });
  });
  afterAll(async () => {
    await local.close();
    await real.close();
  });

  const providers = async (t: TestApp) => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const res = await anna.asBrowser({ method: 'GET', url: '/api/wallet' });
    return json<{ data: { providers: string[] } }>(res).data.providers;
  };

  it('is offered by a local site (npm start) and by no other', async () => {
    expect(await providers(local)).toEqual(['test']);
    expect(await providers(real)).toEqual([]);
  });

  it('takes no invoice, serves no pay page and hears no notice on a public site', async () => {
    const anna = await signedIn(real.app, await buildUser(real.app));
    const k = paymentsKit(() => real.app);
    expectInvalid(await k.open(anna, { amount: 100_000, provider: 'test' }), ['provider']);
    expect((await real.app.inject({ method: 'GET', url: '/pay/test/tp_abc' })).statusCode).toBe(
      404,
    );
    expectError(await k.succeededNotice(`tp_${'a'.repeat(32)}`), 404, 'not_found');
    const { count } = await real.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});

describe.each(dialects)('the invoice expiry job on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { JOB_CONCURRENCY: '1' });
  });
  afterAll(async () => t.close());

  it('runs on the queue and ends the invoice', async () => {
    const k = paymentsKit(() => t.app);
    const anna = await signedIn(t.app, await buildUser(t.app));
    const invoice = await k.invoice(anna, 100);
    await k.pastDue(invoice.id);
    // The job waiting for the invoice's end, brought forward to now.
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('dedupe_key', '=', `invoice.expire:${invoice.id}`)
      .execute();
    t.app.deps.jobs.wake();
    await expect
      .poll(async () => (await k.row(invoice.id)).status, { timeout: 10_000 })
      .toBe('expired');
  });
});
