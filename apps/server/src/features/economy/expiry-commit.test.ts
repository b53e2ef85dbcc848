import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser } from '../../test/factories';
import { COMMIT_REFUSED, unitsFailingAtCommit } from '../../test/units';
import { expectLedgerAddsUp, fund } from './ledger-test-kit';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { InvoicesRepository } from './payments/invoices.repository';
import { INVOICE_EXPIRE_JOB } from './payments/invoice-expiry';
import { PaymentsService } from './payments/payments.service';
import type { PaymentProvider } from './payments/provider';
import { PremiumRepository } from './premium.repository';
import { PremiumService } from './premium.service';
import { PREMIUM_EXPIRE_JOB } from './premium-expiry';

const dialects = await testDialects();

describe.each(dialects)('premium and invoices commit with their expiry jobs on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const expiryJobs = (userId: number) =>
    t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', PREMIUM_EXPIRE_JOB)
      .where('dedupe_key', 'like', `${PREMIUM_EXPIRE_JOB}:${userId}:%`)
      .execute();

  it('a purchase whose transaction fails leaves no premium, no debit, no job and no event', async () => {
    const postgres = t.database.dialect === 'postgres';
    const failing = unitsFailingAtCommit(t.app);
    const premium = new PremiumService(
      new PremiumRepository(t.database.db, postgres),
      new LedgerService(failing, new LedgerRepository(t.database.db, postgres)),
      {
        events: t.app.deps.events,
        units: failing,
        notify: async () => undefined,
        reach: async () => ({ ignoredByRecipient: false, ignoringRecipient: false }),
      },
    );
    const buyer = await buildUser(t.app);
    await fund(t.app, buyer.id, { balance: 10_000 });
    const before = await t.app.deps.economy.ledger.wallet(buyer.id);
    const wallets = recordEvents(t.app, 'wallet.changed');
    const changes = recordEvents(t.app, 'premium.changed');

    await expect(premium.buy(buyer, { plan: 'month' })).rejects.toThrow(COMMIT_REFUSED);

    expect(await expiryJobs(buyer.id)).toEqual([]);
    expect(await t.app.deps.economy.ledger.wallet(buyer.id)).toEqual(before);
    expect(wallets).toEqual([]);
    expect(changes).toEqual([]);
    const row = await t.app.deps.users.findById(buyer.id);
    expect(row?.premium_until).toBeNull();
    await expectLedgerAddsUp(t.app);
  });

  it('a purchase that commits has its expiry job at the premium’s end', async () => {
    const buyer = await buildUser(t.app);
    await fund(t.app, buyer.id, { balance: 10_000 });
    const bought = await t.app.deps.economy.premium.buy(buyer, { plan: 'month' });
    const jobs = await expiryJobs(buyer.id);
    expect(jobs).toHaveLength(1);
    expect(Date.parse(jobs[0]!.run_at)).toBe(Date.parse(bought.premium.until!));
  });

  it('an invoice whose transaction fails is not stored, has no job and asks no provider', async () => {
    const asked: number[] = [];
    const provider: PaymentProvider = {
      name: 'test',
      createPayment: async (input) => {
        asked.push(input.invoiceId);
        return { providerPaymentId: 'p', payUrl: 'https://pay.example/p' };
      },
      fetchPayment: async () => null,
      verifyNotice: () => null,
    };
    const { deps } = t.app;
    const payments = new PaymentsService(
      new InvoicesRepository(t.database.db),
      new Map([['test', provider]]),
      {
        ledger: deps.economy.ledger,
        jobs: deps.jobs,
        units: unitsFailingAtCommit(t.app),
        rateLimits: deps.rateLimits,
        notify: async () => undefined,
        log: t.app.log,
        publicUrl: 'http://localhost',
      },
    );
    const user = await buildUser(t.app);
    const jobsBefore = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', INVOICE_EXPIRE_JOB)
      .execute();

    await expect(
      payments.createInvoice(user, { amount: 100, provider: 'test' }, 'en'),
    ).rejects.toThrow(COMMIT_REFUSED);

    expect(asked).toEqual([]);
    const invoices = await t.database.db
      .selectFrom('invoices')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(invoices).toEqual([]);
    expect(
      await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', INVOICE_EXPIRE_JOB)
        .execute(),
    ).toEqual(jobsBefore);
  });
});
