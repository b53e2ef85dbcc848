import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { PreferenceChanges } from '../../db/user-columns';

/**
 * The preferences' columns of the users row (db/user-columns.ts `preferences`): the chat
 * settings (JSON) and who may write to the account privately. Nobody else writes them.
 */
export class PreferencesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The stored chat settings as they are now (not the session's copy). */
  async settingsOf(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.settings;
  }

  async setSettings(userId: number, settings: string): Promise<void> {
    await this.write(this.db, userId, { settings });
  }

  /** `db` is the caller's transaction when the change is part of a larger form. */
  async setImPrivacy(userId: number, imPrivacy: string, db: Kysely<DB> = this.db): Promise<void> {
    await this.write(db, userId, { im_privacy: imPrivacy });
  }

  private async write(db: Kysely<DB>, userId: number, changes: PreferenceChanges): Promise<void> {
    await db.updateTable('users').set(changes).where('id', '=', userId).execute();
  }
}
