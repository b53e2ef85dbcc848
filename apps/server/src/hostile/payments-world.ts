/**
 * The payment routes in the hostile world (economy-world.ts): an unpaid invoice of the owner's
 * through the test provider, whose payment the provider already counts as paid, and the signed
 * notice the provider would send about it. Sent right, it credits the owner; every hostile
 * variant must change nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Payments } from '../features/economy/payments/payments.services';
import { TEST_SIGNATURE_HEADER } from '../features/economy/payments/test-provider';
import type { Client } from '../test/factories';
import type { PaymentsWorld, RouteCase } from './world';

export async function buildPaymentsWorld(
  db: Kysely<DB>,
  payments: Payments,
  people: { owner: Client },
  at: string,
): Promise<PaymentsWorld> {
  const provider = payments.testProvider;
  if (!provider) throw new Error('the hostile world needs the test payment provider');
  const token = `tp_${randomBytes(24).toString('base64url')}`;
  const expires = new Date(Date.now() + 30 * 60_000).toISOString();
  const invoice = await db
    .insertInto('invoices')
    .values({
      user_id: people.owner.user.id,
      amount: 100,
      currency: 'RUB',
      provider: 'test',
      provider_payment_id: token,
      status: 'unpaid',
      pay_url: `/pay/test/${token}`,
      created_at: at,
      expires_at: expires,
      paid_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('test_payments')
    .values({
      id: token,
      idempotence_key: `invoice-${invoice.id}`,
      invoice_id: invoice.id,
      amount: 100,
      currency: 'RUB',
      description: 'hostile',
      return_url: '/ru/balance/invoices',
      status: 'succeeded',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const { body, signature } = provider.notice(token, 'succeeded');
  return { notice: JSON.parse(body) as Record<string, unknown>, signature };
}

export const PAYMENTS_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/invoices',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({
      method: 'POST',
      url: '/api/invoices',
      payload: { amount: 100, provider: 'test' },
    }),
  },
  {
    // A provider calls it, signed-in or not; the session checks (419, 401 for a forged bearer)
    // still hold for a caller who brings one.
    route: 'POST /api/payments/:provider/webhook',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/payments/test/webhook',
      headers: { [TEST_SIGNATURE_HEADER]: w.economy.payments.signature },
      payload: w.economy.payments.notice,
    }),
  },
];
