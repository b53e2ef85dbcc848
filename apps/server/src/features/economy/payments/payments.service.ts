import {
  INVOICE_TTL_MINUTES,
  type InvoiceWire,
  type Locale,
  type PaymentProvider as ProviderName,
} from '@chat/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { UserRow } from '../../../db/schema';
import { AppError, invalid, notFound, unauthenticated } from '../../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../../http/rate-limit';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { JobPayloads, JobQueue } from '../../jobs/job-queue';
import { OperationReplayed, type LedgerService } from '../ledger.service';
import { INVOICE_EXPIRE_JOB } from './invoice-expiry';
import { presentInvoice } from './invoices.presenter';
import type { InvoicesRepository } from './invoices.repository';
import { ProviderError, type NoticeRequest, type PaymentProvider } from './provider';

export const INVOICE_CURRENCY = 'RUB';
/** Invoices one person may open a minute: each one asks the provider for a payment. */
export const INVOICES_PER_MINUTE = 10;
const INVOICE_RULE: RateLimitRule = {
  name: 'invoices',
  points: INVOICES_PER_MINUTE,
  durationSeconds: 60,
};

/** What became of a notice; the provider hears 200 for each (it has nothing to retry). */
export type NoticeOutcome =
  'paid' | 'already-paid' | 'unknown' | 'not-succeeded' | 'mismatch' | 'expired';

export interface PaymentsPorts {
  ledger: LedgerService;
  jobs: JobQueue;
  /** An invoice is stored in one unit with its expiry job. */
  units: UnitOfWork<JobPayloads>;
  rateLimits: RateLimits;
  notify(userId: number, kind: 'invoice-has-paid', data: Record<string, unknown>): Promise<unknown>;
  log: FastifyBaseLogger;
  /** This site's address, for the provider's way back (`/{locale}/balance/invoices`). */
  publicUrl: string;
}

const DESCRIPTION: Record<Locale, (id: number) => string> = {
  ru: (id) => `Пополнение баланса, счёт № ${id}`,
  en: (id) => `Balance top-up, invoice #${id}`,
};

/**
 * Top-ups: an invoice asks a provider for a payment; a provider's notice is only a hint to look
 * the payment up, and the balance is credited once, when the provider itself says the payment
 * of exactly this invoice's amount succeeded while the invoice was live.
 */
export class PaymentsService {
  constructor(
    private readonly repo: InvoicesRepository,
    private readonly providers: ReadonlyMap<ProviderName, PaymentProvider>,
    private readonly ports: PaymentsPorts,
  ) {}

  /** The providers this site takes payments through (configuration). */
  enabled(): ProviderName[] {
    return [...this.providers.keys()];
  }

  async createInvoice(
    user: UserRow,
    input: { amount: number; provider: ProviderName },
    locale: Locale,
    reply?: FastifyReply,
  ): Promise<InvoiceWire> {
    const provider = this.providers.get(input.provider);
    if (!provider) throw invalid({ provider: ['provider.disabled'] });
    await this.ports.rateLimits.hit(INVOICE_RULE, String(user.id), reply);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + INVOICE_TTL_MINUTES * 60_000);
    // The expiry job commits with the invoice, so no invoice stays unpaid past its time. An
    // invoice the provider refuses ends at once below; its job then finds nothing to do.
    const invoice = await this.ports.units.run(async (tx) => {
      const row = await this.repo.insert(tx.db, {
        user_id: user.id,
        amount: input.amount,
        currency: INVOICE_CURRENCY,
        provider: provider.name,
        provider_payment_id: null,
        status: 'unpaid',
        pay_url: null,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        paid_at: null,
      });
      await tx.enqueue(
        INVOICE_EXPIRE_JOB,
        { invoiceId: row.id },
        { runAt: expiresAt, dedupeKey: `${INVOICE_EXPIRE_JOB}:${row.id}` },
      );
      return row;
    });
    let created;
    try {
      created = await provider.createPayment({
        invoiceId: invoice.id,
        amount: invoice.amount,
        currency: invoice.currency,
        description: DESCRIPTION[locale](invoice.id),
        returnUrl: `${this.ports.publicUrl}/${locale}/balance/invoices`,
        locale,
        idempotenceKey: `invoice-${invoice.id}`,
      });
    } catch (error) {
      // No payment to pay: the invoice ends now rather than wait unpayable for its time.
      this.ports.log.error({ err: error, invoiceId: invoice.id }, 'payment provider refused');
      await this.repo.abandon(invoice.id);
      throw new AppError('server_error', { status: 502, messageKey: 'provider.unavailable' });
    }
    const row = await this.repo.attachPayment(
      invoice.id,
      created.providerPaymentId,
      created.payUrl,
    );
    return presentInvoice(row, now);
  }

  /**
   * A provider's notice. Not authentic: 401. Otherwise the payment is fetched from the provider
   * and checked against the invoice before anything is credited; replays, reorderings and
   * forgeries end in an outcome that changed nothing.
   */
  async handleNotice(providerName: string, request: NoticeRequest): Promise<NoticeOutcome> {
    const provider = this.providers.get(providerName as ProviderName);
    if (!provider) throw notFound();
    const ref = provider.verifyNotice(request);
    if (!ref) throw unauthenticated();
    const log = this.ports.log.child({ provider: provider.name, payment: ref.providerPaymentId });
    const invoice = await this.repo.findByPayment(provider.name, ref.providerPaymentId);
    if (!invoice) {
      log.warn('payment notice for no invoice of ours');
      return 'unknown';
    }
    if (invoice.status === 'paid') return 'already-paid';
    const payment = await this.fetch(provider, ref.providerPaymentId);
    if (!payment || payment.status !== 'succeeded') return payment ? 'not-succeeded' : 'unknown';
    if (
      payment.id !== ref.providerPaymentId ||
      payment.invoiceId !== invoice.id ||
      payment.amount !== invoice.amount ||
      payment.currency !== invoice.currency
    ) {
      log.error(
        { invoiceId: invoice.id, invoice: [invoice.amount, invoice.currency], payment },
        'payment does not match its invoice: nothing credited, check it by hand',
      );
      return 'mismatch';
    }
    const paid = await this.settle(invoice.id, invoice.user_id, invoice.amount);
    if (paid) {
      await this.ports
        .notify(invoice.user_id, 'invoice-has-paid', {
          invoice_id: invoice.id,
          amount: invoice.amount,
        })
        .catch((err: unknown) => log.error({ err }, 'could not notify invoice-has-paid'));
      return 'paid';
    }
    const now = await this.repo.find(invoice.id);
    if (now?.status === 'paid') return 'already-paid';
    await this.expire(invoice.id);
    log.error(
      { invoiceId: invoice.id, userId: invoice.user_id, amount: invoice.amount },
      'payment succeeded after its invoice expired: nothing credited, refund it by hand',
    );
    return 'expired';
  }

  /** The expiry job: unpaid → expired once the time is up. */
  expire(invoiceId: number): Promise<boolean> {
    return this.repo.markExpired(invoiceId, new Date().toISOString());
  }

  /** Marks the invoice paid and credits the balance in one transaction; false: not ours to pay. */
  private async settle(invoiceId: number, userId: number, amount: number): Promise<boolean> {
    try {
      return await this.ports.ledger.run(async (tx) => {
        if (!(await this.repo.markPaid(tx.db, invoiceId, new Date().toISOString()))) return false;
        await tx.credit({
          userId,
          amount,
          part: 'balance',
          reason: 'topup',
          refType: 'invoice',
          refId: invoiceId,
          opKey: `invoice-${invoiceId}`,
        });
        return true;
      });
    } catch (error) {
      // The credit was made before (the invoice's key): the whole run rolled back, all is well.
      if (error instanceof OperationReplayed) return false;
      throw error;
    }
  }

  private async fetch(provider: PaymentProvider, id: string) {
    try {
      return await provider.fetchPayment(id);
    } catch (error) {
      // The provider retries a notice we did not take: answer so that it does.
      this.ports.log.error(
        { err: error, provider: provider.name, payment: id },
        'payment lookup failed',
      );
      if (error instanceof ProviderError)
        throw new AppError('server_error', { status: 502, messageKey: 'provider.unavailable' });
      throw error;
    }
  }
}
