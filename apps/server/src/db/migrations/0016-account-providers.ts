import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * The sign-in names an account holds at other sites (issue 18: "a place for linked
 * providers"; issue 24 signs in with them): one row per provider account, `subject` being that
 * provider's stable id for the person. A provider account belongs to one of ours at most
 * (unique provider + subject); one of ours may link several. The rows go with the account's
 * row, and account deletion removes them first (features/my/my.repository.ts anonymise).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('account_providers'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(32)', notNull)
    .addColumn('subject', 'varchar(255)', notNull)
    .addColumn('created_at', timestamp(db), notNull)
    .addUniqueConstraint('account_providers_subject', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('account_providers_user')
    .on('account_providers')
    .column('user_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('account_providers').execute();
}
