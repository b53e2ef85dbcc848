import type { AdminGift } from '@chat/shared';
import { giftUrl } from '../../economy/gifts.presenter';
import type { GiftWithSent } from './admin-gifts.repository';

export function presentAdminGift(row: GiftWithSent): AdminGift {
  return {
    id: row.id,
    name_ru: row.name_ru,
    name_en: row.name_en,
    image: giftUrl(row.file),
    price: row.price,
    premium_only: row.premium_only === 1,
    active: row.active === 1,
    position: row.position,
    sent: row.sent,
    updated_at: row.updated_at,
  };
}
