import { sql } from 'kysely';
import { type MigrationDb, notNull, timestamp, withId } from './helpers';

/**
 * Signing in with other sites, e-mail confirmation and a forgotten password (issue 24):
 *
 * - `users.email_verified_at`: when `users.email` was confirmed by a code or link; null while
 *   it is not, and again whenever the address changes. Only a confirmed address is ever mailed a
 *   password reset; `users_confirmed_email` finds the confirmed addresses whatever their case.
 * - `email_codes`: the codes and links mailed to an account, one live one per purpose
 *   (`confirm`, `reset`): a 6-digit code's and a link token's HMACs, the tries made, the expiry,
 *   and when it was used (single use). A new code replaces the account's earlier one.
 * - `auth_flows`: short-lived steps of a sign-in with another site, keyed by the HMAC of a
 *   random key held by the browser: an authorization request waiting for its callback
 *   (`oauth`: state, nonce, PKCE verifier, where to return, whose account to link) and a
 *   first sign-in waiting for its nick (`signup`: the provider's person). Each is used once.
 * - `account_providers.name`: the provider's display name for the person, shown on the
 *   security page beside the link.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  await db.schema.alterTable('users').addColumn('email_verified_at', ts).execute();
  await db.schema.alterTable('account_providers').addColumn('name', 'varchar(255)').execute();

  await withId(db, db.schema.createTable('email_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', notNull)
    .addColumn('email', 'varchar(254)', notNull)
    .addColumn('code_hash', 'varchar(128)', notNull)
    .addColumn('token_hash', 'varchar(128)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ts, notNull)
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('email_codes_account_purpose', ['user_id', 'purpose'])
    .addUniqueConstraint('email_codes_token', ['token_hash'])
    .execute();
  await db.schema
    .createIndex('users_confirmed_email')
    .on('users')
    .expression(sql`lower(email)`)
    .where(sql.ref('email_verified_at'), 'is not', null)
    .execute();

  await withId(db, db.schema.createTable('auth_flows'))
    .addColumn('key_hash', 'varchar(128)', notNull)
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('provider', 'varchar(32)', notNull)
    .addColumn('data', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', ts, notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('auth_flows_key', ['key_hash'])
    .execute();
  await db.schema.createIndex('auth_flows_expiry').on('auth_flows').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('auth_flows').execute();
  await db.schema.dropTable('email_codes').execute();
  await db.schema.alterTable('account_providers').dropColumn('name').execute();
  await db.schema.dropIndex('users_confirmed_email').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
