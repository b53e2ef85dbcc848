import type { ColumnDefinitionBuilder } from 'kysely';
import { type MigrationDb, notNull, timestamp } from './helpers';

/**
 * Video rooms (issue 25): `video_participants`, who is in each room's call now, one row a
 * person. The call itself has no row: a room's call is its participants, and it is over when
 * the last one leaves.
 *
 * - `(room_id, user_id)` is the key; `user_id` is unique on its own too, so a person is in one
 *   call at most: joining another (another tab, another room) replaces the row in one write.
 * - `call_id`: a random id of the tab's hold on the call, handed to that tab; signals and the
 *   end of a call name it, so a tab whose call another took over knows they are not its own.
 * - `session_id`: the device that joined; signing it out ends the call (no foreign key: the
 *   session's end is an event the video feature hears, and a cascade would end the call
 *   without telling anyone).
 * - `audio`, `video`, `screen`: what the person sends; `watcher`: joined to watch and listen
 *   only (guests and gagged people, when the site allows it); `muted_by_moderator`: a
 *   moderator muted them (0/1 flags, as everywhere).
 * - `away_since`: when every socket of theirs in the room had closed (null: there). They show
 *   as reconnecting, and are taken out once the grace has passed unless a socket comes back.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  await db.schema
    .createTable('video_participants')
    .addColumn('room_id', 'integer', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('call_id', 'varchar(64)', notNull)
    .addColumn('session_id', 'integer', notNull)
    .addColumn('audio', 'integer', flag)
    .addColumn('video', 'integer', flag)
    .addColumn('screen', 'integer', flag)
    .addColumn('watcher', 'integer', flag)
    .addColumn('muted_by_moderator', 'integer', flag)
    .addColumn('away_since', ts)
    .addColumn('joined_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addPrimaryKeyConstraint('video_participants_pk', ['room_id', 'user_id'])
    .addUniqueConstraint('video_participants_user', ['user_id'])
    .addUniqueConstraint('video_participants_call', ['call_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('video_participants').execute();
}
