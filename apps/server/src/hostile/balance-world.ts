/**
 * The balance routes in the hostile world (economy-world.ts): coins in the owner's wallet, put
 * there by the ledger service itself, so that one good transfer succeeds and every hostile call
 * must change nothing (and the books still add up).
 */
import { randomBytes } from 'node:crypto';
import type { LedgerService } from '../features/economy/ledger.service';
import type { Client } from '../test/factories';
import type { BalanceWorld, RouteCase, World } from './world';

export async function buildBalanceWorld(
  ledger: LedgerService,
  people: { owner: Client },
): Promise<BalanceWorld> {
  const coins = 100;
  await ledger.run((tx) =>
    tx.credit({
      userId: people.owner.user.id,
      amount: coins,
      part: 'balance',
      reason: 'adjustment',
    }),
  );
  return { coins };
}

export const BALANCE_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/coins/send',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/coins/send',
      payload: {
        user_id: w.peer.user.id,
        amount: 1,
        text: 'for tea',
        request_id: `hostile-${randomBytes(6).toString('hex')}`,
      },
    }),
  },
  {
    route: 'POST /api/bonus/daily',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/bonus/daily' }),
  },
];

export const BALANCE_SAFE_ROUTES: { route: string; url(w: World): string; access: 'user' }[] = [
  { route: 'GET /api/wallet', url: () => '/api/wallet', access: 'user' },
  { route: 'GET /api/balance', url: () => '/api/balance', access: 'user' },
  { route: 'GET /api/balance/:tab', url: () => '/api/balance/history?page=1', access: 'user' },
  { route: 'GET /api/balance/:tab', url: () => '/api/balance/invoices', access: 'user' },
];
