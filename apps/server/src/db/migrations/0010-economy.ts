import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * The economy (issue 10): the ledger, invoices, daily bonus claims, premium, the gift catalogue,
 * sent gifts and coins. `users.balance` and `users.bonus` (0001) stay the live totals, always
 * equal to the ledger's sums (ops check: `npm run ops -- ledger`).
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);

  await db.schema.alterTable('users').addColumn('premium_until', ts).execute();

  // One row per movement of one part (balance or bonus). A spend that takes from both parts is
  // two rows of one operation (same `op_key`). `balance_after`/`bonus_after` are the user's totals
  // right after the row, so the history reads without sums.
  await withId(db, db.schema.createTable('ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('part', 'varchar(8)', notNull)
    .addColumn('reason', 'varchar(24)', notNull)
    .addColumn('ref_type', 'varchar(16)')
    .addColumn('ref_id', 'integer')
    .addColumn('counterpart_id', 'integer', (c) => c.references('users.id'))
    .addColumn('balance_after', 'integer', notNull)
    .addColumn('bonus_after', 'integer', notNull)
    // The operation's idempotency key (per user): a purchase sent many times spends once.
    .addColumn('op_key', 'varchar(96)')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('ledger_op_key')
    .on('ledger')
    .columns(['user_id', 'op_key', 'part'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('provider', 'varchar(16)', notNull)
    // The provider's own payment id (YooKassa's payment id; the test provider's token).
    .addColumn('provider_payment_id', 'varchar(64)')
    .addColumn('status', 'varchar(8)', notNull)
    .addColumn('pay_url', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('expires_at', ts, notNull)
    .addColumn('paid_at', ts)
    .execute();
  await db.schema.createIndex('invoices_user').on('invoices').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('invoices_provider_payment')
    .on('invoices')
    .columns(['provider', 'provider_payment_id'])
    .unique()
    .execute();

  // One row per person and Moscow day: the primary key makes "once a day" hold under races.
  await db.schema
    .createTable('daily_bonus_claims')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('daily_bonus_claims_pk', ['user_id', 'day'])
    .execute();

  await withId(db, db.schema.createTable('gifts'))
    .addColumn('name_ru', 'varchar(64)', notNull)
    .addColumn('name_en', 'varchar(64)', notNull)
    .addColumn('price', 'integer', notNull)
    // An SVG under apps/server/assets/gifts/ (served at /assets/static/gifts/...); unique, so
    // the demo seed can skip what is already there when two nodes start together.
    .addColumn('file', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('premium_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', notNull)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('user_gifts'))
    .addColumn('gift_id', 'integer', (c) => c.notNull().references('gifts.id'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('price', 'integer', notNull)
    .addColumn('text', 'text')
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('user_gifts_recipient')
    .on('user_gifts')
    .columns(['recipient_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('coin_transfers'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', notNull)
    .addColumn('text', 'text')
    // The sender's Moscow day, for the daily limit.
    .addColumn('day', 'varchar(10)', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('coin_transfers_sender_day')
    .on('coin_transfers')
    .columns(['sender_id', 'day'])
    .execute();

  await withId(db, db.schema.createTable('premium_purchases'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('plan', 'varchar(16)', notNull)
    .addColumn('days', 'integer', notNull)
    .addColumn('price', 'integer', notNull)
    .addColumn('until', ts, notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'premium_purchases',
    'coin_transfers',
    'user_gifts',
    'gifts',
    'daily_bonus_claims',
    'invoices',
    'ledger',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('premium_until').execute();
}
