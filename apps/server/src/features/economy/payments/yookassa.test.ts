import type { InvoiceWire } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, observe, type Observer } from '../../../hostile/kit';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { recordEvents } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildUser, json, signedIn } from '../../../test/factories';
import { expectLedgerAddsUp } from '../ledger-test-kit';
import { FakeYookassa } from './fake-yookassa';
import { paymentsKit } from './payments-test-kit';
import { ProviderError, type NoticeRequest } from './provider';
import { YookassaProvider } from './yookassa';

const dialects = await testDialects();
const SHOP = '123456';
const KEY = 'test_secret-key-of-the-shop';

const noticeOf = (body: unknown, ip = '185.71.76.5'): NoticeRequest => ({
  rawBody: Buffer.from(JSON.stringify(body)),
  body,
  headers: {},
  ip,
});

describe('the YooKassa adapter against a fake of its API', () => {
  const fake = new FakeYookassa(SHOP, KEY);
  let provider: YookassaProvider;
  let apiUrl: string;
  beforeAll(async () => {
    apiUrl = await fake.start();
    provider = new YookassaProvider({ shopId: SHOP, secretKey: KEY, apiUrl, noticeIps: null });
  });
  afterAll(async () => fake.stop());

  it('creates a payment with Basic auth, an Idempotence-Key and the documented body', async () => {
    const input = {
      invoiceId: 42,
      amount: 123,
      currency: 'RUB',
      description: 'Balance top-up, invoice #42',
      returnUrl: 'https://chat.example/en/balance/invoices',
      locale: 'en' as const,
      idempotenceKey: 'invoice-42',
    };
    const created = await provider.createPayment(input);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v3/payments',
      idempotenceKey: 'invoice-42',
      authorization: `Basic ${Buffer.from(`${SHOP}:${KEY}`).toString('base64')}`,
    });
    expect(request.body).toEqual({
      amount: { value: '123.00', currency: 'RUB' },
      capture: true,
      confirmation: {
        type: 'redirect',
        return_url: 'https://chat.example/en/balance/invoices',
        locale: 'en_US',
      },
      description: 'Balance top-up, invoice #42',
      metadata: { invoice_id: '42' },
    });
    expect(created.payUrl).toBe(`https://yoomoney.example/checkout/${created.providerPaymentId}`);
    // A retry with the same key is the same payment.
    expect(await provider.createPayment(input)).toEqual(created);
    expect(fake.payments.size).toBe(1);

    expect(await provider.fetchPayment(created.providerPaymentId)).toEqual({
      id: created.providerPaymentId,
      status: 'pending',
      amount: 123,
      currency: 'RUB',
      invoiceId: 42,
    });
    fake.set(created.providerPaymentId, { status: 'succeeded', paid: true });
    expect(await provider.fetchPayment(created.providerPaymentId)).toMatchObject({
      status: 'succeeded',
    });
    // Kopecks never equal whole coins; odd metadata is no invoice.
    fake.set(created.providerPaymentId, {
      amount: { value: '123.50', currency: 'RUB' },
      metadata: { invoice_id: '42abc' },
    });
    expect(await provider.fetchPayment(created.providerPaymentId)).toMatchObject({
      amount: 123.5,
      invoiceId: null,
    });
    expect(await provider.fetchPayment('22e12f66-000f-5000-8000-18db351245c7')).toBeNull();
    expect(await provider.fetchPayment('../../v3/refunds')).toBeNull();
  });

  it('reports an outage or wrong credentials as a ProviderError', async () => {
    const wrong = new YookassaProvider({
      shopId: SHOP,
      secretKey: 'wrong-key',
      apiUrl,
      noticeIps: null,
    });
    await expect(wrong.fetchPayment('22e12f66-000f-5000-8000-18db351245c7')).rejects.toThrow(/401/);
    const nowhere = new YookassaProvider({
      shopId: SHOP,
      secretKey: KEY,
      apiUrl: 'http://127.0.0.1:1',
      noticeIps: null,
    });
    await expect(nowhere.fetchPayment('22e12f66-000f-5000-8000-18db351245c7')).rejects.toThrow(
      ProviderError,
    );
    fake.failWith = 500;
    try {
      await expect(
        provider.createPayment({
          invoiceId: 1,
          amount: 10,
          currency: 'RUB',
          description: 'x',
          returnUrl: 'https://chat.example/',
          locale: 'ru',
          idempotenceKey: 'invoice-1',
        }),
      ).rejects.toThrow(ProviderError);
    } finally {
      fake.failWith = null;
    }
  });

  it('reads the payment id of a notice, and only from allowed addresses when configured', () => {
    const body = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '22e12f66-000f-5000-8000-18db351245c7', status: 'succeeded' },
    };
    expect(provider.verifyNotice(noticeOf(body))).toEqual({
      providerPaymentId: '22e12f66-000f-5000-8000-18db351245c7',
    });
    expect(provider.verifyNotice(noticeOf({ ...body, type: 'other' }))).toBeNull();
    expect(provider.verifyNotice(noticeOf({ ...body, object: { id: 5 } }))).toBeNull();
    expect(provider.verifyNotice(noticeOf({ ...body, object: { id: '../x' } }))).toBeNull();
    const guarded = new YookassaProvider({
      shopId: SHOP,
      secretKey: KEY,
      apiUrl: 'http://127.0.0.1:1',
      noticeIps: ['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32'],
    });
    expect(guarded.verifyNotice(noticeOf(body, '185.71.76.5'))).not.toBeNull();
    expect(guarded.verifyNotice(noticeOf(body, '::ffff:185.71.76.31'))).not.toBeNull();
    expect(guarded.verifyNotice(noticeOf(body, '77.75.156.11'))).not.toBeNull();
    expect(guarded.verifyNotice(noticeOf(body, '2a02:5180::7'))).not.toBeNull();
    expect(guarded.verifyNotice(noticeOf(body, '185.71.76.32'))).toBeNull();
    expect(guarded.verifyNotice(noticeOf(body, '127.0.0.1'))).toBeNull();
    expect(guarded.verifyNotice(noticeOf(body, 'nonsense'))).toBeNull();
  });
});

describe.each(dialects)('top-ups through YooKassa (a fake of its API) on %s', (dialect) => {
  const fake = new FakeYookassa(SHOP, KEY);
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    const apiUrl = await fake.start();
    t = await buildTestApp(dialect, {
      JOB_CONCURRENCY: '0',
      YOOKASSA_SHOP_ID: SHOP,
      YOOKASSA_SECRET_KEY: KEY,
      YOOKASSA_API_URL: apiUrl,
      PUBLIC_URL: 'https://chat.example',
    });
    obs = await observe(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const k = paymentsKit(() => t.app);
  const notice = (id: string, event = 'payment.succeeded', status = 'succeeded') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/yookassa/webhook',
      payload: { type: 'notification', event, object: { id, status, paid: true } },
    });
  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);

  it('opens an invoice whose pay_url is YooKassa’s confirmation URL', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const res = await k.open(anna, { amount: 500, provider: 'yookassa' });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = json<{ data: InvoiceWire }>(res).data;
    const row = await k.row(invoice.id);
    const payment = fake.payments.get(row.provider_payment_id!)!;
    expect(invoice.pay_url).toBe(payment.confirmation.confirmation_url);
    const sent = fake.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(sent.idempotenceKey).toBe(`invoice-${invoice.id}`);
    expect(sent.body).toMatchObject({
      amount: { value: '500.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://chat.example/ru/balance/invoices' },
      metadata: { invoice_id: String(invoice.id) },
    });
  });

  it('believes no notice: a forged "succeeded" for a pending payment credits nothing', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const invoice = await k.invoice(anna, 200, 'yookassa');
    const id = (await k.row(invoice.id)).provider_payment_id!;
    const lookups = fake.requests.length;
    await nothingChanges(async () => {
      expect((await notice(id)).statusCode).toBe(200);
    });
    // It asked the API, which says pending.
    expect(fake.requests.slice(lookups)).toMatchObject([
      { method: 'GET', path: `/v3/payments/${id}` },
    ]);
    fake.set(id, { status: 'canceled' });
    await nothingChanges(async () => {
      expect((await notice(id, 'payment.canceled', 'canceled')).statusCode).toBe(200);
      expect((await notice(id)).statusCode).toBe(200);
    });
    expect((await k.row(invoice.id)).status).toBe('unpaid');
  });

  it('credits a payment the API says succeeded, once, however many notices arrive at once', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const invoice = await k.invoice(anna, 700, 'yookassa');
    const id = (await k.row(invoice.id)).provider_payment_id!;
    fake.set(id, { status: 'succeeded', paid: true });
    const wallets = recordEvents(t.app, 'wallet.changed');
    const answers = await Promise.all(Array.from({ length: 10 }, () => notice(id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await k.row(invoice.id)).status).toBe('paid');
    expect(await k.topups(anna.user.id)).toHaveLength(1);
    expect(await k.notificationsOf(anna.user.id)).toHaveLength(1);
    expect(wallets.filter((w) => w.userId === anna.user.id)).toEqual([
      { userId: anna.user.id, wallet: { balance: 700, bonus: 0, total: 700 } },
    ]);
    await expectLedgerAddsUp(t.app);
  });

  it('credits nothing when the API’s amount, currency or invoice differs', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    for (const change of [
      { amount: { value: '70.00', currency: 'RUB' } },
      { amount: { value: '700.00', currency: 'USD' } },
      { amount: { value: '700.01', currency: 'RUB' } },
      { metadata: { invoice_id: '1' } },
    ]) {
      const invoice = await k.invoice(anna, 700, 'yookassa');
      const id = (await k.row(invoice.id)).provider_payment_id!;
      fake.set(id, { status: 'succeeded', paid: true, ...change });
      await nothingChanges(async () => {
        expect((await notice(id)).statusCode).toBe(200);
      });
    }
    expect(await k.topups(anna.user.id)).toEqual([]);
  });

  it('asks YooKassa to send the notice again when its API is down (502), crediting nothing', async () => {
    const anna = await signedIn(t.app, await buildUser(t.app));
    const invoice = await k.invoice(anna, 300, 'yookassa');
    const id = (await k.row(invoice.id)).provider_payment_id!;
    fake.set(id, { status: 'succeeded', paid: true });
    fake.failWith = 503;
    try {
      await nothingChanges(async () => {
        expectError(await notice(id), 502, 'server_error');
      });
      // An invoice that could not get a payment ends at once instead of waiting unpayable.
      expectError(await k.open(anna, { amount: 300, provider: 'yookassa' }), 502, 'server_error');
    } finally {
      fake.failWith = null;
    }
    const orphan = await t.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('user_id', '=', anna.user.id)
      .where('id', '>', invoice.id)
      .executeTakeFirstOrThrow();
    expect(orphan).toMatchObject({ status: 'expired', provider_payment_id: null });
    expect((await k.row(invoice.id)).status).toBe('unpaid');
    expect((await notice(id)).statusCode).toBe(200);
    expect((await k.row(invoice.id)).status).toBe('paid');
    await expectLedgerAddsUp(t.app);
  });

  it('answers 200 and changes nothing for a notice about a payment that is not ours', async () => {
    await nothingChanges(async () => {
      expect((await notice('22e12f66-000f-5000-8000-18db351245c7')).statusCode).toBe(200);
    });
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/payments/yookassa/webhook',
        payload: { type: 'notification', event: 'payment.succeeded', object: {} },
      }),
      401,
      'unauthenticated',
    );
  });
});
