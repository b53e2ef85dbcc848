import { type MigrationDb, notNull, timestamp, withId } from './helpers';

export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  await withId(db, db.schema.createTable('users'))
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nick', 'varchar(64)', notNull)
    .addColumn('nick_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(32)', (c) => c.unique())
    .addColumn('gender', 'varchar(16)')
    .addColumn('birthdate', 'varchar(10)')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('nick_style', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('avatar', 'varchar(255)')
    .addColumn('frame', 'varchar(255)')
    .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, notNull)
    .addColumn('active_at', ts)
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_agent', 'varchar(512)', notNull)
    .addColumn('ip', 'varchar(64)', notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('last_active_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('sessions_user_id')
    .on('sessions')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('rooms'))
    .addColumn('name_ru', 'varchar(64)', notNull)
    .addColumn('name_en', 'varchar(64)', notNull)
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('fonts'))
    .addColumn('font_family', 'varchar(128)', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('smiley_groups'))
    .addColumn('name_ru', 'varchar(64)', notNull)
    .addColumn('name_en', 'varchar(64)', notNull)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('smileys'))
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('smiley_groups.id').onDelete('cascade'),
    )
    .addColumn('tag', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('file', 'varchar(255)', notNull)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('pages'))
    .addColumn('slug', 'varchar(64)', notNull)
    .addColumn('locale', 'varchar(2)', notNull)
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('pages_slug_locale', ['slug', 'locale'])
    .execute();

  // Site-wide key/value settings (the demo seed marks itself done here).
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'site_settings',
    'pages',
    'smileys',
    'smiley_groups',
    'fonts',
    'rooms',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
