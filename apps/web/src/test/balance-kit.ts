// Test kit of the balance feature: wire objects from small overrides and the wallet answer.
import type { InvoiceWire, LedgerEntry } from '@chat/shared';

export const HOUR = 60 * 60 * 1000;

export function walletAnswer(
  balance: number,
  bonus: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    wallet: { balance, bonus, total: balance + bonus },
    daily_bonus_available: true,
    daily_bonus_next_at: null,
    ...overrides,
  };
}

export function makeEntry(id: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    amount: 100,
    part: 'balance',
    reason: 'topup',
    ref_type: 'invoice',
    ref_id: 1,
    counterpart: null,
    balance_after: 100,
    bonus_after: 0,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeInvoice(id: number, overrides: Partial<InvoiceWire> = {}): InvoiceWire {
  return {
    id,
    amount: 300,
    currency: 'RUB',
    provider: 'test',
    status: 'unpaid',
    pay_url: `/pay/test/${id}`,
    created_at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    expires_at: new Date(Date.now() + 25 * 60 * 1000).toISOString(),
    paid_at: null,
    ...overrides,
  };
}
