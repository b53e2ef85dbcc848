/**
 * Gifts in the hostile world (economy-world.ts): a cheap gift of the world's own and coins in the
 * owner's wallet, so that one good send succeeds and every hostile one must change nothing.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import type { GiftsWorld, RouteCase, World } from './world';

/**
 * Credits coins the way the ledger does (the totals and their row together), so the books of a
 * hostile world add up too.
 */
export async function fundWorldWallet(
  db: Kysely<DB>,
  userId: number,
  amount: number,
  at: string,
): Promise<void> {
  const after = await db
    .updateTable('users')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', userId)
    .returning(['balance', 'bonus'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ledger')
    .values({
      user_id: userId,
      amount,
      part: 'balance',
      reason: 'adjustment',
      ref_type: null,
      ref_id: null,
      counterpart_id: null,
      balance_after: Number(after.balance),
      bonus_after: Number(after.bonus),
      op_key: null,
      created_at: at,
    })
    .execute();
}

export async function buildGiftsWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client },
  at: string,
): Promise<GiftsWorld> {
  const gift = await db
    .insertInto('gifts')
    .values({
      name_ru: 'Роза',
      name_en: 'Rose',
      price: 1,
      file: `hostile-${randomBytes(6).toString('hex')}.svg`,
      premium_only: 0,
      position: 1,
      active: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await fundWorldWallet(db, people.owner.user.id, 100, at);
  const received = await db
    .insertInto('user_gifts')
    .values({
      gift_id: gift.id,
      sender_id: people.peer.user.id,
      recipient_id: people.owner.user.id,
      price: gift.price,
      text: 'an anonymous word',
      anonymous: 1,
      private: 0,
      created_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { gift, received };
}

export const GIFTS_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/gifts/send',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/gifts/send',
      payload: {
        gift_id: w.economy.gifts.gift.id,
        user_id: w.peer.user.id,
        text: 'hello',
        anonymous: true,
        private: false,
        request_id: `hostile-${randomBytes(6).toString('hex')}`,
      },
    }),
  },
];

/** A received gift: its recipient hides it, staff remove its text (issue 19, point 5). */
export const GIFT_MODERATION_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/gifts/:id/hide',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/gifts/${w.economy.gifts.received.id}/hide`,
      payload: { hidden: true },
    }),
  },
  {
    route: 'DELETE /api/gifts/:id/text',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.moderator,
    call: (w) => ({ method: 'DELETE', url: `/api/gifts/${w.economy.gifts.received.id}/text` }),
  },
];

export const GIFTS_SAFE_ROUTES: { route: string; url(w: World): string; access: 'public' }[] = [
  { route: 'GET /api/gifts', url: () => '/api/gifts', access: 'public' },
];
