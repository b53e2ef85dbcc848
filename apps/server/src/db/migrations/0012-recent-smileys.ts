import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * Each account's recently sent smileys (user data `recent_smileys`), kept like recent GIFs: a
 * use replaces the row, so the newest id is the newest use, and only the newest few stay.
 *
 * The tag is kept rather than a smiley id, and without a foreign key: rows are written in
 * batches after the messages commit (features/catalog/recent-smileys.ts), and a smiley an admin
 * removed meanwhile must not fail everyone else's batch; reading drops tags the catalogue no
 * longer has.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('recent_smileys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(32)', notNull)
    .addColumn('used_at', timestamp(db), notNull)
    .addUniqueConstraint('recent_smileys_once', ['user_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('recent_smileys_user')
    .on('recent_smileys')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('recent_smileys').execute();
}
