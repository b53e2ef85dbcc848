import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SentGift } from '@chat/shared';
import type { GiftRow } from '../../db/schema';
import { seedDemoGiftCatalogue } from '../../db/seed/seed-gift-catalogue';
import { nowIso } from '../../lib/clock';
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

/** Makes a user premium (or not) straight in the database. */
export async function setPremium(app: FastifyInstance, userId: number, active: boolean) {
  const until = new Date(Date.now() + (active ? 1 : -1) * 86_400_000).toISOString();
  await app.deps.database.db
    .updateTable('users')
    .set({ premium_until: until })
    .where('id', '=', userId)
    .execute();
}
