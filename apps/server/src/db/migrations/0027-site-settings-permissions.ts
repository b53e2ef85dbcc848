import { ROLE_PERMISSIONS, ROLES } from '@chat/shared';
import { notNull, type MigrationDb } from './helpers';

/** The version of the site settings as a whole (the admin form's 409), in site_settings. */
const SETTINGS_VERSION = 'settings_updated_at';

/**
 * The admin area's settings (issue 23): the editable role → permission table, seeded from the
 * code's table, and the version of the site settings (whose values stay in site_settings).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('role_permissions')
    .addColumn('role', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('permissions', 'text', notNull)
    .addColumn('updated_at', 'varchar(40)', notNull)
    .execute();
  const at = new Date().toISOString();
  await db
    .insertInto('role_permissions' as never)
    .values(
      ROLES.map((role) => ({
        role,
        permissions: JSON.stringify(ROLE_PERMISSIONS[role]),
        updated_at: at,
      })),
    )
    .execute();
  await db
    .insertInto('site_settings' as never)
    .values({ key: SETTINGS_VERSION, value: at })
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db
    .deleteFrom('site_settings' as never)
    .where('key' as never, '=', SETTINGS_VERSION as never)
    .execute();
  await db.schema.dropTable('role_permissions').execute();
}
