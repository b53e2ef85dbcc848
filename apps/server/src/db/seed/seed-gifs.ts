import type { Database } from '../database';
import { nowIso } from '../../lib/clock';
import { searchKeyOf } from '../../lib/text-fold';
import { DEMO_GIF_CATEGORIES } from './demo-gifs';
import { seedOnce } from './seed-once';

const SEEDED_KEY = 'demo_gifs_seeded_at';

/**
 * Adds the demo GIF library once. It has its own marker, so a site seeded before the library
 * existed gets it on its next start; every insert skips rows already there (slug and file are
 * unique), so two nodes starting together cannot trip over each other. An admin who deletes a
 * demo category later does not see it come back.
 */
export async function seedDemoGifs(database: Database): Promise<boolean> {
  return seedOnce(database, SEEDED_KEY, nowIso(), async (trx) => {
    await trx
      .insertInto('gif_categories')
      .values(
        DEMO_GIF_CATEGORIES.map((c, i) => ({
          slug: c.slug,
          name_ru: c.name_ru,
          name_en: c.name_en,
          position: i + 1,
        })),
      )
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
    const ids = new Map(
      (await trx.selectFrom('gif_categories').select(['id', 'slug']).execute()).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    const gifs = DEMO_GIF_CATEGORIES.flatMap((c) =>
      c.gifs.map((g, i) => ({
        category_id: ids.get(c.slug)!,
        title: g.title,
        search_key: searchKeyOf(g.title),
        file: g.file,
        width: g.width,
        height: g.height,
        position: i + 1,
      })),
    );
    await trx
      .insertInto('gifs')
      .values(gifs)
      .onConflict((oc) => oc.column('file').doNothing())
      .execute();
  });
}
