import { type MigrationDb, timestamp } from './helpers';

/**
 * The admin area's gifts (issue 23). `gifts.updated_at`: two admins editing one gift, the later
 * one is told (409), so every row needs a version; rows from before start at the epoch. The
 * indexes serve the gift statistics and the dashboard, which count rows of a period by day.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('gifts')
    .addColumn('updated_at', timestamp(db), (c) =>
      c.notNull().defaultTo('1970-01-01T00:00:00.000Z'),
    )
    .execute();
  for (const [table, name] of INDEXES) {
    await db.schema.createIndex(name).on(table).column('created_at').execute();
  }
}

const INDEXES = [
  ['user_gifts', 'user_gifts_created'],
  ['messages', 'messages_created'],
  ['im_messages', 'im_messages_created'],
  ['users', 'users_created'],
] as const;

export async function down(db: MigrationDb): Promise<void> {
  for (const [, name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('gifts').dropColumn('updated_at').execute();
}
