import type { Locale, PaymentProvider as ProviderName } from '@chat/shared';

/**
 * What the payments service needs of a payment provider. Amounts are whole currency units
 * (1 coin = 1 rouble); a provider whose amount is not whole answers a fraction, which never
 * equals an invoice's amount.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * Asks for a payment the payer completes at `payUrl`. The same `idempotenceKey` again must
   * answer the same payment, never a second one (a retry after a lost answer).
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The payment as the provider knows it now: the only thing a credit is ever based on. */
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
  /**
   * Whether a webhook request is the provider's (its signature, its addresses) and which
   * payment it speaks of; null: not authentic (401). Its claims about the payment's status
   * are never believed: the service fetches the payment.
   */
  verifyNotice(request: NoticeRequest): ProviderNoticeRef | null;
}

export interface CreatePaymentInput {
  invoiceId: number;
  amount: number;
  currency: string;
  description: string;
  /** Where the payer comes back to after paying or giving up. */
  returnUrl: string;
  /** The payer's language on this site, for the provider's own page. */
  locale: Locale;
  idempotenceKey: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  payUrl: string;
}

export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  currency: string;
  /** The invoice id we put in the payment's metadata; null when absent or unreadable. */
  invoiceId: number | null;
}

/** A webhook request as a provider sees it: the exact bytes, the headers, the sender. */
export interface NoticeRequest {
  rawBody: Buffer;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

export interface ProviderNoticeRef {
  providerPaymentId: string;
}

/** A provider that did not answer as it should (network, 5xx, a malformed answer). */
export class ProviderError extends Error {}
