import type { Kysely } from 'kysely';
import type { DB, GifCategoryRow, GifRow } from '../../db/schema';

export interface GifFilter {
  categoryId?: number;
  /** LIKE patterns on `search_key`, all of which must match (see gif-search.ts). */
  patterns: string[];
}

/** The GIF library and each user's recent GIFs: SQL only. */
export class GifsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async categories(): Promise<GifCategoryRow[]> {
    return this.db
      .selectFrom('gif_categories')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** The first GIF of each category (its tile's picture). */
  async covers(): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('gifs')
      .select(['category_id', 'file', 'position', 'id'])
      .orderBy('category_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    const covers = new Map<number, string>();
    for (const row of rows) if (!covers.has(row.category_id)) covers.set(row.category_id, row.file);
    return covers;
  }

  async find(id: number): Promise<GifRow | undefined> {
    return this.db.selectFrom('gifs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One page of the library in the categories' order, and how many match in all. */
  async search(
    filter: GifFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: GifRow[]; total: number }> {
    let base = this.db
      .selectFrom('gifs')
      .innerJoin('gif_categories as c', 'c.id', 'gifs.category_id');
    if (filter.categoryId !== undefined)
      base = base.where('gifs.category_id', '=', filter.categoryId);
    for (const pattern of filter.patterns) base = base.where('gifs.search_key', 'like', pattern);
    const [rows, count] = await Promise.all([
      base
        .selectAll('gifs')
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('gifs.position')
        .orderBy('gifs.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** The user's recent GIFs, newest use first. */
  async recent(userId: number, limit: number): Promise<GifRow[]> {
    return this.db
      .selectFrom('recent_gifs as r')
      .innerJoin('gifs', 'gifs.id', 'r.gif_id')
      .selectAll('gifs')
      .where('r.user_id', '=', userId)
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Moves the GIF to the front of the user's recent ones (a new row, so the newest id is the
   * newest use) and forgets all but the newest `keep`.
   */
  async touchRecent(userId: number, gifId: number, at: string, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('recent_gifs')
        .where('user_id', '=', userId)
        .where('gif_id', '=', gifId)
        .execute();
      await trx
        .insertInto('recent_gifs')
        .values({ user_id: userId, gif_id: gifId, used_at: at })
        // A parallel use of the same GIF got there first: its row is just as new.
        .onConflict((oc) => oc.columns(['user_id', 'gif_id']).doNothing())
        .execute();
      await trx
        .deleteFrom('recent_gifs')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('recent_gifs')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
    });
  }
}
