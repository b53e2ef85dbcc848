import type { Kysely } from 'kysely';
import type { DB, PageRow } from '../../../db/schema';

/** The site setting holding the agreement's current version (absent: 1). */
export const AGREEMENT_VERSION_SETTING = 'agreement_version';

/** SQL of the static pages as admins edit them, the agreement's version and its acceptances. */
export class PagesAdminRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async all(db: Kysely<DB> = this.db): Promise<PageRow[]> {
    return db.selectFrom('pages').selectAll().orderBy('slug').orderBy('locale').execute();
  }

  async bySlug(slug: string, db: Kysely<DB> = this.db): Promise<PageRow[]> {
    return db.selectFrom('pages').selectAll().where('slug', '=', slug).execute();
  }

  /** Writes one language of a page unless it changed after `seen`; false when it did. */
  async updateIfUnchanged(
    db: Kysely<DB>,
    id: number,
    values: { title: string; body: string; updated_at: string },
    seen: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('pages')
      .set(values)
      .where('id', '=', id)
      .where('updated_at', '<=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insert(
    db: Kysely<DB>,
    values: { slug: string; locale: string; title: string; body: string; updated_at: string },
  ): Promise<void> {
    await db.insertInto('pages').values(values).execute();
  }

  async agreementVersion(db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', AGREEMENT_VERSION_SETTING)
      .executeTakeFirst();
    const version = Number(row?.value);
    return Number.isInteger(version) && version > 0 ? version : 1;
  }

  async setAgreementVersion(db: Kysely<DB>, version: number): Promise<void> {
    const value = String(version);
    const updated = await db
      .updateTable('site_settings')
      .set({ value })
      .where('key', '=', AGREEMENT_VERSION_SETTING)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await db
        .insertInto('site_settings')
        .values({ key: AGREEMENT_VERSION_SETTING, value })
        .execute();
  }

  async acceptedVersion(userId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('agreement_acceptances')
      .select('version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.version ?? null;
  }

  async recordAcceptance(userId: number, version: number, at: string): Promise<void> {
    await this.db
      .insertInto('agreement_acceptances')
      .values({ user_id: userId, version, accepted_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ version, accepted_at: at }))
      .execute();
  }
}
