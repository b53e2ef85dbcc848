import { sql } from 'kysely';
import { timestamp, type MigrationDb } from './helpers';

// Rows made before this migration had no edit time: the epoch, then set to now below.
const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * The admin area's smileys and fonts (issue 23): an edit time on every row an admin edits (two
 * admins at once: the later one gets 409), and for fonts their WOFF2 file (a storage key; null
 * for a font the browsers have themselves), premium-only, order, and `active` (a font that
 * nicks use is withdrawn, never deleted from under them).
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  for (const table of ['smiley_groups', 'smileys', 'fonts'])
    await db.schema
      .alterTable(table)
      .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(EPOCH))
      .execute();
  await db.schema.alterTable('fonts').addColumn('file', 'varchar(190)').execute();
  await db.schema
    .alterTable('fonts')
    .addColumn('premium_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('fonts')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('fonts')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  const now = new Date().toISOString();
  for (const table of ['smiley_groups', 'smileys', 'fonts'])
    await sql`UPDATE ${sql.table(table)} SET updated_at = ${now}`.execute(db);
  await sql`UPDATE fonts SET position = id`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['active', 'position', 'premium_only', 'file'])
    await db.schema.alterTable('fonts').dropColumn(column).execute();
  for (const table of ['fonts', 'smileys', 'smiley_groups'])
    await db.schema.alterTable(table).dropColumn('updated_at').execute();
}
