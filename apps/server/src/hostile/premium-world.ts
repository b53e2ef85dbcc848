/**
 * Premium in the hostile world (economy-world.ts): coins in the owner's wallet for a few months
 * of premium, so that one good purchase succeeds and every hostile one must change nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import { fundWorldWallet } from './gifts-world';
import type { PremiumWorld, RouteCase, World } from './world';

export async function buildPremiumWorld(
  db: Kysely<DB>,
  people: { owner: Client },
  at: string,
): Promise<PremiumWorld> {
  // A month is 199 by default; some sweeps make the good call more than once.
  const coins = 199 * 12;
  await fundWorldWallet(db, people.owner.user.id, coins, at);
  return { coins };
}

export const PREMIUM_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/premium',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    // A gift to the peer: the recipient and the plan are both read from the body.
    call: (w) => ({
      method: 'POST',
      url: '/api/premium',
      payload: {
        plan: 'month',
        user_id: w.peer.user.id,
        request_id: `hostile-${randomBytes(6).toString('hex')}`,
      },
    }),
  },
];

export const PREMIUM_SAFE_ROUTES: { route: string; url(w: World): string; access: 'user' }[] = [
  { route: 'GET /api/premium', url: () => '/api/premium', access: 'user' },
];
