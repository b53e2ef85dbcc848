import type { InvoiceWire } from '@chat/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { InvoiceRow } from '../../../db/schema';
import type { Client } from '../../../test/factories';
import { json } from '../../../test/factories';
import { signTestNotice, TEST_SIGNATURE_HEADER } from './test-provider';

/** Top-ups in tests: open an invoice, press the test provider's buttons, post notices. */
export function paymentsKit(app: () => FastifyInstance) {
  const db = () => app().deps.database.db;
  const open = (
    client: Client,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => client.asBrowser({ method: 'POST', url: '/api/invoices', payload, headers });
  const invoice = async (client: Client, amount: number, provider = 'test') => {
    const res = await open(client, { amount, provider });
    if (res.statusCode !== 201) throw new Error(`invoice: ${res.statusCode} ${res.body}`);
    return json<{ data: InvoiceWire }>(res).data;
  };
  const row = async (id: number): Promise<InvoiceRow> =>
    db().selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The test provider's token of an invoice (its pay_url's last segment). */
  const tokenOf = (inv: InvoiceWire) => inv.pay_url!.split('/').pop()!;
  const press = (token: string, action: string, headers: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: `/pay/test/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: `action=${encodeURIComponent(action)}`,
    });
  /** A notice as the test provider signs it (or with `signature` forged). */
  const notice = (
    body: Record<string, unknown> | string,
    signature?: string,
  ): Promise<LightMyRequestResponse> => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return app().inject({
      method: 'POST',
      url: '/api/payments/test/webhook',
      headers: {
        'content-type': 'application/json',
        [TEST_SIGNATURE_HEADER]:
          signature ?? signTestNotice(app().deps.config.secrets.paymentsTestSecret, text),
      },
      payload: text,
    });
  };
  const succeededNotice = (token: string) =>
    notice({ event: 'payment.succeeded', payment_id: token });
  /** Marks the test provider's payment as the provider would after "Pay", without a notice. */
  const settleQuietly = (token: string, status: 'succeeded' | 'canceled') =>
    db().updateTable('test_payments').set({ status }).where('id', '=', token).execute();
  /** Moves an invoice's end into the past. */
  const pastDue = (id: number) =>
    db()
      .updateTable('invoices')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  const topups = async (userId: number) =>
    db()
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', 'topup')
      .execute();
  const notificationsOf = async (userId: number) =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'invoice-has-paid')
      .execute();
  return {
    open,
    invoice,
    row,
    tokenOf,
    press,
    notice,
    succeededNotice,
    settleQuietly,
    pastDue,
    topups,
    notificationsOf,
  };
}
