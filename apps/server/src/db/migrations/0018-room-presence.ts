import { type MigrationDb, timestamp } from './helpers';

/**
 * Online means online (issue 20, point 3): `room_users.absent_since` is set when the member's
 * last socket on the room's channel closed (after a few seconds' grace) or the network vanished
 * past the activity timeout, and cleared when a socket of theirs is back. The membership stays:
 * the room is still theirs, they are only not shown as present (the room's list, its count,
 * People → Online) until they come back. Null, the default, is present: whoever enters is.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('room_users').addColumn('absent_since', timestamp(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('room_users').dropColumn('absent_since').execute();
}
