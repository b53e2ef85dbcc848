import { sql } from 'kysely';
import type { MigrationDb } from './helpers';

/**
 * `notification_counts`: each user's number of unread notifications, kept by the notifications
 * repository in the same statement or transaction as every change of a notification's read
 * state (features/notifications/notifications.repository.ts). Every notification stored used
 * to answer with a `count(*)` over the user's unread rows, which grows with what they leave
 * unread (a popular profile's gifts); the count is now one row. No row means none unread. It
 * starts from what is unread now.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('notification_counts')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('unread', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into notification_counts (user_id, unread)
    select user_id, count(*) from notifications where read_at is null group by user_id`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notification_counts').execute();
}
