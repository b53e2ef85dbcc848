import { sql } from 'kysely';
import type { MigrationDb } from './helpers';

/**
 * The presence sweep (features/chat/room-presence.ts) asks every minute, on every node, for the
 * members counted present who entered before a bound. Without an index that reads every
 * membership ever made (absent members stay members); this partial index holds only those
 * present, by when they entered, so the sweep reads what it needs and nothing else.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('room_users_present_entered')
    .on('room_users')
    .column('entered_at')
    .where(sql.ref('absent_since'), 'is', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('room_users_present_entered').execute();
}
