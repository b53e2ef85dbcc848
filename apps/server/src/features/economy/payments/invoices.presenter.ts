import type { InvoiceWire, PaymentProvider } from '@chat/shared';
import type { InvoiceRow } from '../../../db/schema';

/**
 * An invoice on the wire. One whose time is up reads `expired` even before the expiry job has
 * run (it can no longer be paid either: InvoicesRepository.markPaid checks the time), and only
 * an unpaid one shows where to pay.
 */
export function presentInvoice(row: InvoiceRow, now: Date = new Date()): InvoiceWire {
  const due = row.status === 'unpaid' && Date.parse(row.expires_at) <= now.getTime();
  const status = due ? 'expired' : row.status;
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider as PaymentProvider,
    status,
    pay_url: status === 'unpaid' ? row.pay_url : null,
    created_at: row.created_at,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
  };
}
