import { notNull, timestamp, withId, type MigrationDb } from './helpers';

/**
 * The admin area's static pages and app releases (issue 23): the agreement version each person
 * accepted (the current version is the site setting `agreement_version`), and the releases of
 * the site's apps per platform.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  await db.schema
    .createTable('agreement_acceptances')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', notNull)
    .addColumn('accepted_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('app_releases'))
    .addColumn('platform', 'varchar(16)', notNull)
    .addColumn('version', 'varchar(32)', notNull)
    .addColumn('notes_ru', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file', 'varchar(190)')
    .addColumn('url', 'varchar(500)')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('app_releases_platform_version', ['platform', 'version'])
    .execute();
  await db.schema
    .createIndex('app_releases_platform')
    .on('app_releases')
    .columns(['platform', 'required'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('app_releases').execute();
  await db.schema.dropTable('agreement_acceptances').execute();
}
