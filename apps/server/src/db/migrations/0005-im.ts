import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * Private messages: one channel per pair of users, each party's state in it, the messages, and
 * the user's `im_privacy` setting.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  // The pair is stored ordered (low id, high id): the unique constraint then makes "one channel
  // per pair" hold even when both people open it at the same moment.
  await withId(db, db.schema.createTable('im_channels'))
    .addColumn('user_low_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_high_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('last_message_id', 'integer')
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('im_channels_pair', ['user_low_id', 'user_high_id'])
    .execute();
  await db.schema
    .createIndex('im_channels_high')
    .on('im_channels')
    .column('user_high_id')
    .execute();

  // One row per party. `unread_count` is maintained in the transaction that changes it (under
  // the channel's lock), so the navbar total is a sum over the viewer's rows, not a count over
  // messages. `activity_at` is null until the channel has something for this party: a channel
  // someone opened but never wrote in does not show in the other person's list.
  await db.schema
    .createTable('im_channel_users')
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('im_channels.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('other_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activity_at', ts)
    .addPrimaryKeyConstraint('im_channel_users_pk', ['channel_id', 'user_id'])
    .execute();
  // The channel list: a viewer's channels, newest activity first.
  await db.schema
    .createIndex('im_channel_users_list')
    .on('im_channel_users')
    .columns(['user_id', 'activity_at', 'channel_id'])
    .execute();

  await withId(db, db.schema.createTable('im_messages'))
    .addColumn('channel_id', 'integer', (c) =>
      c.notNull().references('im_channels.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', notNull)
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'varchar(64)')
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('im_messages_user_client', ['user_id', 'client_id'])
    .execute();
  // Paging a channel and counting its unread range.
  await db.schema
    .createIndex('im_messages_channel')
    .on('im_messages')
    .columns(['channel_id', 'id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('im_privacy', 'varchar(16)', (c) => c.notNull().defaultTo('all'))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('im_privacy').execute();
  for (const table of ['im_messages', 'im_channel_users', 'im_channels'])
    await db.schema.dropTable(table).execute();
}
