import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/** The job queue of every node, uploaded files and what they are attached to. */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'varchar(64)', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', ts, notNull)
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('locked_at', ts)
    .addColumn('last_error', 'text')
    // Set while the job waits or runs, cleared when it ends, so a key can be reused later.
    .addColumn('dedupe_key', 'varchar(191)', (c) => c.unique())
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

  await withId(db, db.schema.createTable('attachments'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('mime', 'varchar(32)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('size', 'integer')
    .addColumn('adult', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('adult_marked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_key', 'varchar(191)')
    .addColumn('file_key', 'varchar(191)')
    .addColumn('thumb_key', 'varchar(191)')
    .addColumn('error', 'varchar(64)')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('attachments_user')
    .on('attachments')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('attachment_links')
    .addColumn('attachment_id', 'integer', (c) =>
      c.notNull().references('attachments.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('ref_id', 'integer', notNull)
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('attachment_links_pk', ['attachment_id', 'kind', 'ref_id'])
    .execute();
  await db.schema
    .createIndex('attachment_links_ref')
    .on('attachment_links')
    .columns(['kind', 'ref_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['attachment_links', 'attachments', 'jobs']) {
    await db.schema.dropTable(table).execute();
  }
}
