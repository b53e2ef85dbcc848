import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/** Public chat: messages, who hid what, reactions, quotes, invitations, ignores, trolls. */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  await withId(db, db.schema.createTable('messages'))
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('text', 'text', notNull)
    .addColumn('nicks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('client_id', 'varchar(64)')
    .addColumn('created_at', ts, notNull)
    .addColumn('deleted_at', ts)
    .addUniqueConstraint('messages_user_client', ['user_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('messages_room_id')
    .on('messages')
    .columns(['room_id', 'id'])
    .execute();

  await db.schema
    .createTable('message_hides')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('message_hides_pk', ['user_id', 'message_id'])
    .execute();

  await withId(db, db.schema.createTable('reactions'))
    .addColumn('likeable_type', 'varchar(16)', notNull)
    .addColumn('likeable_id', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reaction', 'varchar(16)', notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('reactions_once', ['likeable_type', 'likeable_id', 'user_id', 'reaction'])
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('quotes_pk', ['user_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('room_invites')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('room_invites_pk', ['room_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('ignores')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ignored_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('ignores_pk', ['user_id', 'ignored_id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('is_troll', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('status', 'varchar(64)').execute();
  await db.schema
    .alterTable('room_users')
    .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('room_users').dropColumn('last_read_id').execute();
  await db.schema.alterTable('users').dropColumn('status').execute();
  await db.schema.alterTable('users').dropColumn('is_troll').execute();
  for (const table of [
    'ignores',
    'room_invites',
    'quotes',
    'reactions',
    'message_hides',
    'messages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
