import { sql } from 'kysely';
import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/** Friendships and notifications (issue 8). */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  // One row per pair, stored with the ordered pair (low id, high id) beside who asked: the
  // unique constraint on the pair makes "one friendship" hold even when both people press
  // "add" at the same moment (the loser of the insert finds the other's request and accepts it).
  await withId(db, db.schema.createTable('friendships'))
    .addColumn('requester_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('addressee_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_low_id', 'integer', notNull)
    .addColumn('user_high_id', 'integer', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('accepted_at', ts)
    .addUniqueConstraint('friendships_pair', ['user_low_id', 'user_high_id'])
    .execute();
  // A user's rows from either side: requests I sent, requests to me.
  await db.schema
    .createIndex('friendships_requester')
    .on('friendships')
    .columns(['requester_id', 'status'])
    .execute();
  await db.schema
    .createIndex('friendships_addressee')
    .on('friendships')
    .columns(['addressee_id', 'status'])
    .execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  // Paging a user's list, newest first.
  await db.schema
    .createIndex('notifications_user')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();
  // The unread count is a count over this partial index: it holds only unread rows, so the
  // count costs what the user has unread, not their whole history.
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('friendships').execute();
}
