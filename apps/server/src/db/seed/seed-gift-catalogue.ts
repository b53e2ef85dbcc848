import type { Database } from '../database';
import { seedOnce } from './seed-once';

/** The demo gifts (SVGs in apps/server/assets/gifts, drawn for this site), cheapest first. */
export const DEMO_GIFTS = [
  { file: 'rose.svg', name_ru: 'Роза', name_en: 'Rose', price: 5, premium_only: 0 },
  {
    file: 'coffee.svg',
    name_ru: 'Чашка кофе',
    name_en: 'Cup of coffee',
    price: 10,
    premium_only: 0,
  },
  { file: 'heart.svg', name_ru: 'Сердце', name_en: 'Heart', price: 15, premium_only: 0 },
  { file: 'balloon.svg', name_ru: 'Воздушный шар', name_en: 'Balloon', price: 20, premium_only: 0 },
  { file: 'star.svg', name_ru: 'Звезда', name_en: 'Star', price: 30, premium_only: 0 },
  { file: 'cake.svg', name_ru: 'Торт', name_en: 'Cake', price: 50, premium_only: 0 },
  {
    file: 'teddy-bear.svg',
    name_ru: 'Плюшевый мишка',
    name_en: 'Teddy bear',
    price: 75,
    premium_only: 0,
  },
  { file: 'bouquet.svg', name_ru: 'Букет', name_en: 'Bouquet', price: 100, premium_only: 0 },
  { file: 'gift-box.svg', name_ru: 'Подарок', name_en: 'Gift box', price: 120, premium_only: 0 },
  {
    file: 'champagne.svg',
    name_ru: 'Шампанское',
    name_en: 'Champagne',
    price: 150,
    premium_only: 0,
  },
  { file: 'crown.svg', name_ru: 'Корона', name_en: 'Crown', price: 300, premium_only: 1 },
  {
    file: 'diamond-ring.svg',
    name_ru: 'Кольцо с бриллиантом',
    name_en: 'Diamond ring',
    price: 500,
    premium_only: 1,
  },
] as const;

const SEEDED_KEY = 'demo_gifts_seeded_at';

/**
 * Adds the demo gifts once, with their own marker (sites seeded before gifts existed get them
 * on their next start); rows already there are skipped (file is unique), so two nodes starting
 * together do not clash, and a gift an admin deleted does not come back.
 */
export async function seedDemoGiftCatalogue(database: Database, at: string): Promise<boolean> {
  return seedOnce(database, SEEDED_KEY, at, async (trx) => {
    await trx
      .insertInto('gifts')
      .values(DEMO_GIFTS.map((g, i) => ({ ...g, position: i + 1, active: 1 })))
      .onConflict((oc) => oc.column('file').doNothing())
      .execute();
  });
}
