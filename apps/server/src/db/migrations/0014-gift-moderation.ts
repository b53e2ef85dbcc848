import { type MigrationDb, timestamp } from './helpers';

/**
 * A received gift can leave its recipient's profile (`hidden`, the recipient's own choice), and
 * a moderator can take its text down (`text_removed_at`; the text is cleared, the gift stays):
 * an anonymous gift's words otherwise sat on a profile for every visitor (issue 19, point 5).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('user_gifts')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('user_gifts').addColumn('text_removed_at', timestamp(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('user_gifts').dropColumn('text_removed_at').execute();
  await db.schema.alterTable('user_gifts').dropColumn('hidden').execute();
}
