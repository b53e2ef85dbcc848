import type { Font } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Site-wide reference data: fonts and smileys. Small, read on every init, changed by admins. */
export class CatalogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The fonts on offer: a withdrawn one is left out, so nicks using it fall back (issue 23). */
  async fonts(): Promise<Font[]> {
    const rows = await this.db
      .selectFrom('fonts')
      .select(['id', 'font_family', 'file', 'premium_only'])
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      font_family: r.font_family,
      url: r.file === null ? null : `/storage/${r.file}`,
      premium_only: r.premium_only === 1,
    }));
  }

  async smileyGroups() {
    return this.db
      .selectFrom('smiley_groups')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async smileys() {
    return this.db
      .selectFrom('smileys')
      .selectAll()
      .orderBy('group_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }
}
