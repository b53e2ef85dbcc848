import type { Kysely } from 'kysely';
import type { DB, PageRow } from '../../db/schema';

export class PagesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(slug: string, locale: string): Promise<PageRow | undefined> {
    return this.db
      .selectFrom('pages')
      .selectAll()
      .where('slug', '=', slug)
      .where('locale', '=', locale)
      .executeTakeFirst();
  }
}
