import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SentGift } from '@chat/shared';
import type { GiftRow } from '../../db/schema';
import { seedDemoGiftCatalogue } from '../../db/seed/seed-gift-catalogue';
import { nowIso } from '../../lib/clock';
import { presentPremium } from '../users/user.presenter';
import type { Client } from '../../test/factories';

/** The demo catalogue in a test's database (once per database). */
export async function seedGifts(app: FastifyInstance): Promise<void> {
  await seedDemoGiftCatalogue(app.deps.database, nowIso());
}

/** A catalogue row by its picture, e.g. `rose.svg`. */
export async function giftByFile(app: FastifyInstance, file: string): Promise<GiftRow> {
  return app.deps.database.db
    .selectFrom('gifts')
    .selectAll()
    .where('file', '=', file)
    .executeTakeFirstOrThrow();
}

export function sendGift(
  client: Client,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return client.asBrowser({ method: 'POST', url: '/api/gifts/send', payload: body, headers });
}

export const sentGift = (res: LightMyRequestResponse): SentGift =>
  (JSON.parse(res.body) as { data: SentGift }).data;

/**
 * Makes a user premium (or not) straight in the database, and announces it as the site does
 * (`premium.changed`): the cached sessions of the gift route drop their copy of the user.
 */
export async function setPremium(app: FastifyInstance, userId: number, active: boolean) {
  const until = new Date(Date.now() + (active ? 1 : -1) * 86_400_000).toISOString();
  await app.deps.database.db
    .updateTable('users')
    .set({ premium_until: until })
    .where('id', '=', userId)
    .execute();
  app.deps.events.emit('premium.changed', {
    userId,
    premium: presentPremium({ premium_until: until }),
  });
}

/**
 * Changes a catalogue row the one way the site does, in the admin area (`admin`: a client
 * with the admin role), which tells every node's caches: the purchase path reads the
 * catalogue from memory (gift-catalogue.ts).
 */
export async function changeGift(
  app: FastifyInstance,
  admin: Client,
  gift: Pick<GiftRow, 'id'>,
  changes: { active?: boolean; price?: number; premium_only?: boolean },
): Promise<void> {
  const row = await app.deps.database.db
    .selectFrom('gifts')
    .select('updated_at')
    .where('id', '=', gift.id)
    .executeTakeFirstOrThrow();
  const res = await admin.asBrowser({
    method: 'PATCH',
    url: `/api/admin/gifts/${gift.id}`,
    payload: { ...changes, updated_at: row.updated_at },
  });
  if (res.statusCode !== 200) throw new Error(`changing gift ${gift.id}: ${res.body}`);
}
