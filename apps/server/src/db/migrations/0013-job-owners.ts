import { sql } from 'kysely';
import { type MigrationDb, timestamp } from './helpers';

/**
 * The fair share of the job queue (issue 19): a job may name its owner (the account whose
 * upload it processes), and workers claim by `fair_at`, which is `run_at` for a job nobody owns
 * and, for an owner's job, a turn after that owner's waiting ones (jobs.repository.ts).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('owner', 'varchar(191)').execute();
  await db.schema.alterTable('jobs').addColumn('fair_at', timestamp(db)).execute();
  await sql`update jobs set fair_at = run_at`.execute(db);
  await db.schema.createIndex('jobs_fair').on('jobs').columns(['status', 'fair_at']).execute();
  await db.schema.createIndex('jobs_owner').on('jobs').columns(['owner', 'status']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('jobs_owner').execute();
  await db.schema.dropIndex('jobs_fair').execute();
  await db.schema.alterTable('jobs').dropColumn('fair_at').execute();
  await db.schema.alterTable('jobs').dropColumn('owner').execute();
}
