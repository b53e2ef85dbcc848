import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Site-wide reference data: fonts and smileys. Small, read on every init, changed by admins. */
export class CatalogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async fonts() {
    return this.db.selectFrom('fonts').select(['id', 'font_family']).orderBy('id').execute();
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
