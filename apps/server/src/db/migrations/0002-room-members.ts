import { type MigrationDb, notNull, timestamp } from './helpers';

/** Who is in which room: the chat's membership, and the presence channel's permission list. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('room_users')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invisible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entered_at', timestamp(db), notNull)
    .addPrimaryKeyConstraint('room_users_pk', ['room_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('room_users_user')
    .on('room_users')
    .columns(['user_id', 'position'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('room_users').execute();
}
