/**
 * The economy in the hostile world (kit.ts): what the balance, payment, premium and gift routes
 * act on, and their cases in the sweep's catalogue. Each economy part adds its routes' cases to
 * the lists below and its fixtures to EconomyWorld.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { LedgerService } from '../features/economy/ledger.service';
import type { Payments } from '../features/economy/payments/payments.services';
import type { Client } from '../test/factories';
import { BALANCE_SAFE_ROUTES, BALANCE_UNSAFE_ROUTES, buildBalanceWorld } from './balance-world';
import {
  buildGiftsWorld,
  GIFT_MODERATION_UNSAFE_ROUTES,
  GIFTS_SAFE_ROUTES,
  GIFTS_UNSAFE_ROUTES,
} from './gifts-world';
import type { EconomyWorld, RouteCase, World } from './world';
import { buildPaymentsWorld, PAYMENTS_UNSAFE_ROUTES } from './payments-world';
import { buildPremiumWorld, PREMIUM_SAFE_ROUTES, PREMIUM_UNSAFE_ROUTES } from './premium-world';

export async function buildEconomyWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client; moderator: Client; admin: Client },
  at: string,
  ledger: LedgerService,
  payments: Payments,
): Promise<EconomyWorld> {
  return {
    ready: true,
    balance: await buildBalanceWorld(ledger, people),
    gifts: await buildGiftsWorld(db, people, at),
    premium: await buildPremiumWorld(db, people, at),
    payments: await buildPaymentsWorld(db, payments, people, at),
  };
}

export const ECONOMY_UNSAFE_ROUTES: RouteCase[] = [
  ...BALANCE_UNSAFE_ROUTES,
  ...GIFTS_UNSAFE_ROUTES,
  ...GIFT_MODERATION_UNSAFE_ROUTES,
  ...PREMIUM_UNSAFE_ROUTES,
  ...PAYMENTS_UNSAFE_ROUTES,
];

export const ECONOMY_SAFE_ROUTES: {
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}[] = [...BALANCE_SAFE_ROUTES, ...GIFTS_SAFE_ROUTES, ...PREMIUM_SAFE_ROUTES];
