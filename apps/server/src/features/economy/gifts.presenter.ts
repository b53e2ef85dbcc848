import type { Gift, Locale, PublicUser, SentGift, SentGiftAbilities } from '@chat/shared';
import type { GiftRow, UserGiftRow } from '../../db/schema';

/** The gift pictures ship in apps/server/assets/gifts and are served like the frames. */
export const GIFT_URL_PREFIX = '/assets/static/gifts/';
// A picture an admin uploaded (admin/gifts) is stored as its own URL (`/storage/...`).
export const giftUrl = (file: string): string =>
  file.startsWith('/') ? file : `${GIFT_URL_PREFIX}${file}`;

export function presentGift(row: GiftRow, locale: Locale): Gift {
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en : row.name_ru,
    price: row.price,
    image: giftUrl(row.file),
    premium_only: row.premium_only === 1,
  };
}

/**
 * A sent gift as one viewer sees it. `sender` is decided by the caller (null for an anonymous
 * gift unless the viewer may know); the price is the one paid, not today's.
 */
export function presentSentGift(
  row: UserGiftRow,
  gift: GiftRow,
  people: { sender: PublicUser | null; recipient: PublicUser },
  locale: Locale,
  abilities?: SentGiftAbilities,
): SentGift {
  return {
    id: row.id,
    gift: { ...presentGift(gift, locale), price: row.price },
    sender: people.sender,
    recipient: people.recipient,
    text: row.text,
    anonymous: row.anonymous === 1,
    private: row.private === 1,
    hidden: row.hidden === 1,
    text_removed: row.text_removed_at !== null,
    created_at: row.created_at,
    ...(abilities ? { abilities } : {}),
  };
}

/**
 * The recipient's `gift` notification. Their language is not known when it is stored, so the
 * name goes in both (`{ ru, en }`, like a room's name in a mention). `user` and `sender` are
 * the same person (the web app reads `user` for every notification); both null when anonymous,
 * so the sender is never stored where the recipient can read it.
 */
export function giftNotificationData(
  row: UserGiftRow,
  gift: GiftRow,
  sender: PublicUser | null,
): Record<string, unknown> {
  return {
    type: 'gift',
    gift_id: gift.id,
    user_gift_id: row.id,
    gift: {
      id: gift.id,
      name: { ru: gift.name_ru, en: gift.name_en },
      image: giftUrl(gift.file),
      price: row.price,
    },
    sender,
    user: sender,
    text: row.text,
    anonymous: row.anonymous === 1,
    private: row.private === 1,
  };
}
