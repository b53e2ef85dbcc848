import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * The economy's invariant, for every test that moves coins: each user's balance and bonus are
 * the sums of their ledger rows. Users start with zero in both, so any coin not written in the
 * ledger shows up here.
 */
export async function expectLedgerAddsUp(app: FastifyInstance): Promise<void> {
  expect(await app.deps.economy.ledger.check()).toEqual([]);
}

/** Puts coins in a wallet the way the site does (ledger rows, reason `adjustment`). */
export async function fund(
  app: FastifyInstance,
  userId: number,
  amounts: { balance?: number; bonus?: number },
): Promise<void> {
  await app.deps.economy.ledger.run(async (tx) => {
    if (amounts.balance)
      await tx.credit({ userId, amount: amounts.balance, part: 'balance', reason: 'adjustment' });
    if (amounts.bonus)
      await tx.credit({ userId, amount: amounts.bonus, part: 'bonus', reason: 'adjustment' });
  });
}
