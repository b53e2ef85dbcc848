import type { FastifyInstance } from 'fastify';
import type { GiftRow } from '../../../db/schema';

/** Helpers of the admin gifts' HTTP tests: rows straight in the database. */
let serial = 0;

export async function insertGift(
  app: FastifyInstance,
  values: Partial<Pick<GiftRow, 'name_en' | 'name_ru' | 'price' | 'active' | 'premium_only'>> = {},
): Promise<GiftRow> {
  serial += 1;
  return app.deps.database.db
    .insertInto('gifts')
    .values({
      name_ru: `Подарок ${serial}`,
      name_en: `Gift ${serial}`,
      price: 10,
      file: `test-${serial}-${Math.random().toString(36).slice(2, 8)}.svg`,
      position: 1000 + serial,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A gift sent at a given instant, as the shop would have stored it. */
export async function insertSent(
  app: FastifyInstance,
  sent: {
    giftId: number;
    senderId: number;
    recipientId: number;
    price: number;
    at: string;
    anonymous?: boolean;
  },
): Promise<void> {
  await app.deps.database.db
    .insertInto('user_gifts')
    .values({
      gift_id: sent.giftId,
      sender_id: sent.senderId,
      recipient_id: sent.recipientId,
      price: sent.price,
      text: null,
      anonymous: sent.anonymous ? 1 : 0,
      private: 0,
      created_at: sent.at,
    })
    .execute();
}

export async function logRows(app: FastifyInstance, action: string) {
  return app.deps.database.db
    .selectFrom('admin_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}
