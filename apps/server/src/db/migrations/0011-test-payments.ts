import { type MigrationDb, notNull, timestamp } from './helpers';

/**
 * The local test payment provider's own books (features/economy/payments/test-provider.ts): it
 * stands for a foreign provider, so it keeps its payments apart from our invoices, keyed by the
 * token in its pay page's URL.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  await db.schema
    .createTable('test_payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // What we asked for it with: the same key again answers the same payment (like YooKassa).
    .addColumn('idempotence_key', 'varchar(96)', (c) => c.notNull().unique())
    .addColumn('invoice_id', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('return_url', 'text', notNull)
    .addColumn('status', 'varchar(12)', notNull)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('test_payments').execute();
}
