import type { Database } from '../database';
import { seedOnce } from './seed-once';

/** The demo avatar frames (SVGs in apps/server/assets/frames, drawn for this site). */
export const DEMO_FRAMES = [
  { file: 'ring.svg', name_ru: 'Кольцо', name_en: 'Ring', premium_only: 0 },
  { file: 'double-ring.svg', name_ru: 'Двойное кольцо', name_en: 'Double ring', premium_only: 0 },
  { file: 'gradient-ring.svg', name_ru: 'Закат', name_en: 'Sunset', premium_only: 0 },
  { file: 'stars.svg', name_ru: 'Звёзды', name_en: 'Stars', premium_only: 0 },
  { file: 'hearts.svg', name_ru: 'Сердечки', name_en: 'Hearts', premium_only: 1 },
  { file: 'rainbow.svg', name_ru: 'Радуга', name_en: 'Rainbow', premium_only: 1 },
] as const;

const SEEDED_KEY = 'demo_frames_seeded_at';

/**
 * Adds the demo frames once, with their own marker (sites seeded before frames existed get
 * them on their next start); rows already there are skipped (file is unique), so two nodes
 * starting together do not clash, and a frame an admin deleted does not come back.
 */
export async function seedDemoFrames(database: Database, at: string): Promise<boolean> {
  return seedOnce(database, SEEDED_KEY, at, async (trx) => {
    await trx
      .insertInto('frames')
      .values(DEMO_FRAMES.map((f, i) => ({ ...f, position: i + 1 })))
      .onConflict((oc) => oc.column('file').doNothing())
      .execute();
  });
}
