import { createHmac, randomBytes } from 'node:crypto';
import { nowIso } from '../../../lib/clock';
import { safeEqual } from '../../../lib/tokens';
import type {
  CreatedPayment,
  CreatePaymentInput,
  NoticeRequest,
  PaymentProvider,
  ProviderNoticeRef,
  ProviderPayment,
} from './provider';
import type { TestPaymentsRepository } from './test-payments.repository';
import type { TestPaymentRow } from '../../../db/schema';

/** The header that carries the notice's signature: hex HMAC-SHA256 of the raw body. */
export const TEST_SIGNATURE_HEADER = 'x-test-signature';
export const TEST_PAY_PATH = '/pay/test';
const TOKEN = /^tp_[A-Za-z0-9_-]{24,64}$/;

export function isTestPaymentToken(value: string): boolean {
  return TOKEN.test(value);
}

/** What the test provider posts to our webhook when a payment settles. */
export interface TestNotice {
  event: 'payment.succeeded' | 'payment.canceled';
  payment_id: string;
}

export function signTestNotice(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * A payment provider that lives on this server, for the demo and the tests: its pay page
 * (test-provider.routes.ts) has "Pay" and "Fail" buttons, and it signs its notices with HMAC as
 * real providers do. It keeps its own books and knows nothing of our invoices but their ids.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly repo: TestPaymentsRepository,
    private readonly secret: string,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const at = nowIso();
    const row = await this.repo.insertOnce({
      id: `tp_${randomBytes(24).toString('base64url')}`,
      idempotence_key: input.idempotenceKey,
      invoice_id: input.invoiceId,
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      return_url: input.returnUrl,
      status: 'pending',
      created_at: at,
      updated_at: at,
    });
    return { providerPaymentId: row.id, payUrl: `${TEST_PAY_PATH}/${row.id}` };
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    if (!isTestPaymentToken(providerPaymentId)) return null;
    const row = await this.repo.find(providerPaymentId);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      invoiceId: row.invoice_id,
    };
  }

  verifyNotice(request: NoticeRequest): ProviderNoticeRef | null {
    const header = request.headers[TEST_SIGNATURE_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !safeEqual(sent.toLowerCase(), signTestNotice(this.secret, request.rawBody)))
      return null;
    const body = request.body as Partial<TestNotice> | null;
    const id = body?.payment_id;
    return typeof id === 'string' && isTestPaymentToken(id) ? { providerPaymentId: id } : null;
  }

  /** The pay page's view of a payment. */
  payment(token: string): Promise<TestPaymentRow | undefined> {
    return isTestPaymentToken(token) ? this.repo.find(token) : Promise.resolve(undefined);
  }

  /**
   * The payer pressed Pay or Fail: a pending payment settles once, and the signed notice to
   * send is returned; null when there is nothing to announce (unknown or already settled).
   */
  async settle(
    token: string,
    outcome: 'succeeded' | 'canceled',
  ): Promise<{ payment: TestPaymentRow; body: string; signature: string } | null> {
    if (!isTestPaymentToken(token)) return null;
    const payment = await this.repo.settle(token, outcome, nowIso());
    if (!payment) return null;
    return { payment, ...this.notice(payment.id, outcome) };
  }

  /** The signed notice this provider sends when a payment settles. */
  notice(
    paymentId: string,
    outcome: 'succeeded' | 'canceled',
  ): { body: string; signature: string } {
    const notice: TestNotice = {
      event: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
      payment_id: paymentId,
    };
    const body = JSON.stringify(notice);
    return { body, signature: signTestNotice(this.secret, body) };
  }
}
