import { sql } from 'kysely';
import { type MigrationDb, timestamp } from './helpers';

/**
 * Online means online (issue 20, point 3): `room_users.present_at` is when the member was last
 * seen arriving (entering, or a first socket on the room's channel); null while the member has
 * no socket there (the last tab closed a few seconds ago, or the network vanished past the
 * activity timeout). The membership stays: the room is still theirs, they are only not shown as
 * present (the room's list, its count, People → Online) until they come back.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('room_users').addColumn('present_at', timestamp(db)).execute();
  // Everyone counted as present today stays so until the first sweep asks their sockets.
  await sql`update room_users set present_at = entered_at`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('room_users').dropColumn('present_at').execute();
}
