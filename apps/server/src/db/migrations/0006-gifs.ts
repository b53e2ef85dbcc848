import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * The site's own GIF library: categories, GIFs with their search words, each user's recently
 * sent GIFs, and the GIF a chat message shows.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  await withId(db, db.schema.createTable('gif_categories'))
    .addColumn('slug', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name_ru', 'varchar(64)', notNull)
    .addColumn('name_en', 'varchar(64)', notNull)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('gifs'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('gif_categories.id').onDelete('cascade'),
    )
    // `title` is shown; `search_key` is the same words folded (NFKC, lower case, ё as е) and
    // wrapped in spaces, so that one LIKE finds a word prefix on both dialects, Cyrillic included
    // (SQLite's LOWER and case-insensitive LIKE know ASCII only).
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('search_key', 'varchar(255)', notNull)
    .addColumn('file', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('gifs_category_position')
    .on('gifs')
    .columns(['category_id', 'position', 'id'])
    .execute();

  // A use of a GIF moves it to the front: the row is replaced, so the newest id is the newest use
  // (two uses within one millisecond still keep their order).
  await withId(db, db.schema.createTable('recent_gifs'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('gif_id', 'integer', (c) => c.notNull().references('gifs.id').onDelete('cascade'))
    .addColumn('used_at', ts, notNull)
    .addUniqueConstraint('recent_gifs_once', ['user_id', 'gif_id'])
    .execute();
  await db.schema
    .createIndex('recent_gifs_user')
    .on('recent_gifs')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .alterTable('messages')
    .addColumn('gif_id', 'integer', (c) => c.references('gifs.id').onDelete('set null'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('gif_id').execute();
  for (const table of ['recent_gifs', 'gifs', 'gif_categories']) {
    await db.schema.dropTable(table).execute();
  }
}
