import { sql } from 'kysely';
import { type MigrationDb, isPostgres, notNull, timestamp, withId } from './helpers';

/**
 * Moderation (issue 9): sanctions, warnings, content reviews, complaints with their reporters and
 * comments, and the append-only moderation log.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  // The active sanctions' ends, kept on the user row so that the session lookup that already
  // reads the row answers "may this person write / use the chat" without another query. The
  // bans table holds the records; these are maintained in the same transaction. A sanction
  // without an end stores FOREVER (db/sanctions.ts), so "active" is always `until > now`.
  await db.schema.alterTable('users').addColumn('gag_until', ts).execute();
  await db.schema.alterTable('users').addColumn('ban_until', ts).execute();
  // Moderation status of the profile's "about" text (the review row holds who and why).
  await db.schema
    .alterTable('users')
    .addColumn('about_status', 'varchar(16)', (c) => c.notNull().defaultTo('accepted'))
    .execute();

  await withId(db, db.schema.createTable('bans'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('moderator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(16)', notNull)
    .addColumn('period', 'varchar(16)', notNull)
    .addColumn('reason', 'varchar(16)', notNull)
    .addColumn('taboo', 'varchar(16)')
    .addColumn('comment', 'text')
    .addColumn('message_id', 'integer')
    // The message (or other content) as it was when the sanction was given, as JSON: kept even
    // when the message is deleted for everyone later.
    .addColumn('evidence', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('expires_at', ts)
    .addColumn('lifted_at', ts)
    .addColumn('lifted_by', 'integer', (c) => c.references('users.id'))
    .addColumn('lift_reason', 'varchar(16)')
    .execute();
  await db.schema.createIndex('bans_user').on('bans').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('bans_moderator')
    .on('bans')
    .columns(['moderator_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('warnings'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('moderator_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'varchar(16)', notNull)
    .addColumn('taboo', 'varchar(16)')
    .addColumn('comment', 'text')
    .addColumn('message_id', 'integer')
    .addColumn('evidence', 'text')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('warnings_user').on('warnings').columns(['user_id', 'id']).execute();

  // One row per piece of content under moderation; its id is the queue item's id. The content's
  // own row keeps a copy of the status (profile_photos.status, users.about_status) so that
  // "hide what was refused" is a filter on the content's table.
  await withId(db, db.schema.createTable('content_reviews'))
    .addColumn('subject_type', 'varchar(16)', notNull)
    .addColumn('subject_id', 'integer', notNull)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reason', 'text')
    .addColumn('moderator_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('content_reviews_subject', ['subject_type', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('content_reviews_queue')
    .on('content_reviews')
    .columns(['status', 'updated_at'])
    .execute();

  await withId(db, db.schema.createTable('complaints'))
    .addColumn('target_type', 'varchar(16)', notNull)
    .addColumn('target_id', 'integer', notNull)
    .addColumn('is_appeal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'varchar(16)', notNull)
    .addColumn('text', 'text')
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('accused_id', 'integer', (c) => c.references('users.id'))
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id'))
    .addColumn('resolver_id', 'integer', (c) => c.references('users.id'))
    .addColumn('resolution', 'text')
    .addColumn('evidence', 'text')
    .addColumn('reports_count', 'integer', (c) => c.notNull().defaultTo(1))
    // "target_type:target_id" while the complaint is open or taken, null once resolved: the
    // unique constraint merges duplicate complaints about one thing, even when sent at once.
    .addColumn('open_key', 'varchar(48)')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addColumn('taken_at', ts)
    .addColumn('resolved_at', ts)
    .addUniqueConstraint('complaints_open_key', ['open_key'])
    .execute();
  await db.schema
    .createIndex('complaints_status')
    .on('complaints')
    .columns(['status', 'id'])
    .execute();

  await db.schema
    .createTable('complaint_reporters')
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaints.id').onDelete('cascade'),
    )
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'varchar(16)', notNull)
    .addColumn('text', 'text')
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('complaint_reporters_pk', ['complaint_id', 'reporter_id'])
    .execute();
  await db.schema
    .createIndex('complaint_reporters_reporter')
    .on('complaint_reporters')
    .columns(['reporter_id', 'complaint_id'])
    .execute();

  await withId(db, db.schema.createTable('complaint_comments'))
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaints.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('text', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('complaint_comments_complaint')
    .on('complaint_comments')
    .columns(['complaint_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('moderation_log'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'varchar(32)', notNull)
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('subject_type', 'varchar(16)')
    .addColumn('subject_id', 'integer')
    .addColumn('reason', 'varchar(32)')
    .addColumn('comment', 'text')
    .addColumn('data', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('moderation_log_actor')
    .on('moderation_log')
    .columns(['actor_id', 'id'])
    .execute();
  await db.schema
    .createIndex('moderation_log_target')
    .on('moderation_log')
    .columns(['target_user_id', 'id'])
    .execute();

  // The log is append-only in the database itself, not only by having no delete route.
  if (isPostgres(db)) {
    await sql`
      CREATE FUNCTION moderation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'moderation_log is append-only'; END $$`.execute(db);
    await sql`
      CREATE TRIGGER moderation_log_append_only BEFORE UPDATE OR DELETE ON moderation_log
      FOR EACH ROW EXECUTE FUNCTION moderation_log_append_only()`.execute(db);
  } else {
    for (const op of ['UPDATE', 'DELETE']) {
      await sql
        .raw(
          `CREATE TRIGGER moderation_log_no_${op.toLowerCase()} BEFORE ${op} ON moderation_log
           BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END`,
        )
        .execute(db);
    }
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER IF EXISTS moderation_log_append_only ON moderation_log`.execute(db);
    await sql`DROP FUNCTION IF EXISTS moderation_log_append_only()`.execute(db);
  }
  for (const table of [
    'moderation_log',
    'complaint_comments',
    'complaint_reporters',
    'complaints',
    'content_reviews',
    'warnings',
    'bans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['about_status', 'ban_until', 'gag_until']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
