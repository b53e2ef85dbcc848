import { sql } from 'kysely';
import { type MigrationDb, isPostgres, notNull, timestamp, withId } from './helpers';

/** A constant every dialect accepts as a column default; rows get their real time below. */
const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * The admin area's media (issue 23): frames become editable (withdrawn rather than deleted
 * while someone wears them, and an `updated_at` for two admins editing at once), and the
 * notification sounds people choose per kind of event.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  const pg = isPostgres(db);
  // SQLite adds one column per statement, and only with a constant default.
  await db.schema
    .alterTable('frames')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('frames')
    .addColumn('updated_at', ts, (c) =>
      c.notNull().defaultTo(pg ? sql`${sql.lit(EPOCH)}::timestamptz` : EPOCH),
    )
    .execute();
  const now = new Date().toISOString();
  await sql`update frames set updated_at = ${now}`.execute(db);

  await withId(db, db.schema.createTable('sounds'))
    .addColumn('name_ru', 'varchar(64)', notNull)
    .addColumn('name_en', 'varchar(64)', notNull)
    // The storage key (`sounds/{name}.{mp3|ogg|wav}`): the name is random, the file never changes.
    .addColumn('file', 'varchar(190)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('default_for', 'varchar(16)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  // One default per kind of event, whatever the service does.
  await db.schema
    .createIndex('sounds_one_default')
    .on('sounds')
    .column('default_for')
    .unique()
    .where(sql.ref('default_for'), 'is not', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sounds').execute();
  await db.schema.alterTable('frames').dropColumn('updated_at').execute();
  await db.schema.alterTable('frames').dropColumn('active').execute();
}
