import { sql, type Kysely } from 'kysely';
import { nickSkeleton } from '../../lib/nick-skeleton';
import { type MigrationDb, notNull, timestamp } from './helpers';

/**
 * The names an account is known by (issue 19, points 2 and 10):
 *
 * - `users.nick_skeleton`: the nick's confusable skeleton (lib/nick-skeleton.ts), unique, so a
 *   look-alike of a live or deleted account's nick is one indexed look-up and two racing
 *   registrations cannot both win. Existing look-alikes keep their nicks: the oldest account
 *   of each group gets the skeleton, the others none (`npm run ops -- nick-clashes` lists them).
 *   A deleted account keeps its skeleton, so nobody takes a look-alike of its old nick.
 * - `retired_slugs`: a deleted account's profile address, never given to anyone again.
 * - `users.phone_verified_at` and `phone_confirmations`: a phone becomes the account's
 *   (`users.phone`, a sign-in name) only once a code sent to it is typed back; until then it
 *   waits in `phone_confirmations` and claims nothing. Phones stored before had never been
 *   confirmed: they move there, waiting for their owner to ask for a code.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  await db.schema.alterTable('users').addColumn('nick_skeleton', 'varchar(255)').execute();
  await db.schema.alterTable('users').addColumn('phone_verified_at', ts).execute();

  // The backfill reads the rows as they are at this migration, not as today's types say.
  const users = db as unknown as Kysely<{
    users: { id: number; nick: string; deleted_at: string | null };
  }>;
  const rows = await users
    .selectFrom('users')
    .select(['id', 'nick', 'deleted_at'])
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  for (const row of rows) {
    // A deleted account's nick is already "Deleted #id": its old nick is gone.
    if (row.deleted_at !== null) continue;
    const skeleton = nickSkeleton(row.nick);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    await sql`update users set nick_skeleton = ${skeleton} where id = ${row.id}`.execute(db);
  }
  await db.schema
    .createIndex('users_nick_skeleton')
    .on('users')
    .column('nick_skeleton')
    .unique()
    .execute();

  await db.schema
    .createTable('retired_slugs')
    .addColumn('slug', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('retired_at', ts, notNull)
    .execute();

  await db.schema
    .createTable('phone_confirmations')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('phone', 'varchar(32)', notNull)
    // HMAC of the code; null until a code is asked for (a phone carried over from before).
    .addColumn('code_hash', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await sql`insert into phone_confirmations (user_id, phone, attempts, created_at)
    select id, phone, 0, created_at from users where phone is not null`.execute(db);
  await sql`update users set phone = null where phone is not null`.execute(db);
}

/** Phones waiting for a code are dropped: two accounts may be waiting for the same number. */
export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('phone_confirmations').execute();
  await db.schema.dropTable('retired_slugs').execute();
  await db.schema.dropIndex('users_nick_skeleton').execute();
  await db.schema.alterTable('users').dropColumn('phone_verified_at').execute();
  await db.schema.alterTable('users').dropColumn('nick_skeleton').execute();
}
