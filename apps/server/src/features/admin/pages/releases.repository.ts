import type { Kysely, Updateable } from 'kysely';
import type { AppReleaseRow, AppReleasesTable } from '../../../db/admin-pages-schema';
import type { DB } from '../../../db/schema';

export type ReleaseValues = Omit<AppReleaseRow, 'id'>;

/** SQL of the app releases. */
export class ReleasesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async all(): Promise<AppReleaseRow[]> {
    return this.db
      .selectFrom('app_releases')
      .selectAll()
      .orderBy('platform')
      .orderBy('id')
      .execute();
  }

  async ofPlatform(platform: string): Promise<AppReleaseRow[]> {
    return this.db
      .selectFrom('app_releases')
      .selectAll()
      .where('platform', '=', platform)
      .execute();
  }

  async find(db: Kysely<DB>, id: number): Promise<AppReleaseRow | undefined> {
    return db.selectFrom('app_releases').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async sameVersion(
    db: Kysely<DB>,
    platform: string,
    version: string,
    exceptId: number | null,
  ): Promise<boolean> {
    let query = db
      .selectFrom('app_releases')
      .select('id')
      .where('platform', '=', platform)
      .where('version', '=', version);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(db: Kysely<DB>, values: ReleaseValues): Promise<number> {
    const { id } = await db
      .insertInto('app_releases')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Writes the change unless the row changed after `seen`; false when it did (or is gone). */
  async updateIfUnchanged(
    db: Kysely<DB>,
    id: number,
    values: Updateable<AppReleasesTable>,
    seen: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('app_releases')
      .set(values)
      .where('id', '=', id)
      .where('updated_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(db: Kysely<DB>, id: number): Promise<void> {
    await db.deleteFrom('app_releases').where('id', '=', id).execute();
  }
}
