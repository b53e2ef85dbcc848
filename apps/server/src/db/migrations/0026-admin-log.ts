import { sql } from 'kysely';
import { isPostgres, notNull, timestamp, withId, type MigrationDb } from './helpers';

/**
 * The admin area's log (issue 23): one row per change made there, who made it, when, and the
 * thing before and after (JSON). Nothing deletes or changes a row, in the database itself as
 * the moderation log (0009). `actor_id` is a plain column, not a reference: a reference's
 * `on delete` would have to change a row the log forbids changing.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  await withId(db, db.schema.createTable('admin_log'))
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'varchar(64)', notNull)
    .addColumn('subject_type', 'varchar(32)', notNull)
    .addColumn('subject_id', 'varchar(64)')
    .addColumn('before', 'text', notNull)
    .addColumn('after', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('admin_log_action')
    .on('admin_log')
    .columns(['action', 'id'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION admin_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'admin_log is append-only'; END $$`.execute(db);
    await sql`
      CREATE TRIGGER admin_log_append_only BEFORE UPDATE OR DELETE ON admin_log
      FOR EACH ROW EXECUTE FUNCTION admin_log_append_only()`.execute(db);
  } else {
    for (const op of ['UPDATE', 'DELETE'])
      await sql
        .raw(
          `CREATE TRIGGER admin_log_no_${op.toLowerCase()} BEFORE ${op} ON admin_log
           BEGIN SELECT RAISE(ABORT, 'admin_log is append-only'); END`,
        )
        .execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS admin_log_append_only ON admin_log`.execute(db);
    await sql`DROP FUNCTION IF EXISTS admin_log_append_only()`.execute(db);
  }
  await db.schema.dropTable('admin_log').execute();
}
