import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { SETTINGS_VERSION_SETTING } from '../../../db/site-settings';

/** The SQL of the admin area's settings: site_settings rows, public rooms, role_permissions. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async settings(keys: readonly string[], db: Kysely<DB> = this.db): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom('site_settings')
      .select(['key', 'value'])
      .where('key', 'in', [...keys, SETTINGS_VERSION_SETTING])
      .execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  publicRooms(db: Kysely<DB> = this.db): Promise<{ id: number; name: string }[]> {
    return db
      .selectFrom('rooms')
      .select(['id', 'name_en as name'])
      .where('is_public', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Moves the version from `seen` to `next`; false when someone moved it since. */
  async bumpVersion(tx: Kysely<DB>, seen: string, next: string): Promise<boolean> {
    const result = await tx
      .updateTable('site_settings')
      .set({ value: next })
      .where('key', '=', SETTINGS_VERSION_SETTING)
      .where('value', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Stores a value, or removes it (null: the setting reads its default again). */
  async put(tx: Kysely<DB>, key: string, value: string | null): Promise<void> {
    await tx.deleteFrom('site_settings').where('key', '=', key).execute();
    if (value !== null) await tx.insertInto('site_settings').values({ key, value }).execute();
  }

  roleRows(db: Kysely<DB> = this.db) {
    return db.selectFrom('role_permissions').selectAll().execute();
  }

  /** The role's permissions, if nobody changed them since `seen`. */
  async putRole(
    tx: Kysely<DB>,
    role: string,
    permissions: readonly string[],
    seen: string,
    at: string,
  ): Promise<boolean> {
    const result = await tx
      .updateTable('role_permissions')
      .set({ permissions: JSON.stringify(permissions), updated_at: at })
      .where('role', '=', role)
      .where('updated_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
