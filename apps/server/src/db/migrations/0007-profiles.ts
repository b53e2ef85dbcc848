import { sql, type AlterTableBuilder, type AlterTableColumnAlteringBuilder } from 'kysely';
import { type MigrationDb, isPostgres, notNull, timestamp, withId } from './helpers';

/**
 * Profiles: the profile fields and statistics counters on the user row, profile photos, the
 * frames catalogue, the per-month public message counts ("top of the month"), and the index
 * the nick search uses.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestamp(db);
  const pg = isPostgres(db);

  await withId(db, db.schema.createTable('frames'))
    .addColumn('name_ru', 'varchar(64)', notNull)
    .addColumn('name_en', 'varchar(64)', notNull)
    .addColumn('file', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('premium_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // SQLite adds one column per statement.
  const userColumns: ((t: AlterTableBuilder) => AlterTableColumnAlteringBuilder)[] = [
    (t) => t.addColumn('about', 'text'),
    (t) => t.addColumn('marital_status', 'varchar(32)'),
    (t) =>
      t.addColumn('partner_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
    (t) => t.addColumn('partner_confirmed_at', ts),
    // The avatar's own file (users.avatar is its URL) and the photo it was cut from, if any.
    (t) => t.addColumn('avatar_key', 'varchar(190)'),
    (t) => t.addColumn('avatar_photo_id', 'integer'),
    (t) =>
      t.addColumn('frame_id', 'integer', (c) => c.references('frames.id').onDelete('set null')),
    // Statistics kept on the row, so a profile is one indexed read however many messages exist.
    (t) => t.addColumn('public_messages', 'integer', (c) => c.notNull().defaultTo(0)),
    (t) => t.addColumn('private_messages', 'integer', (c) => c.notNull().defaultTo(0)),
    // Stealth percent = stealth_visits / room_visits: entries into a room, and those of them
    // during which the user went invisible.
    (t) => t.addColumn('room_visits', 'integer', (c) => c.notNull().defaultTo(0)),
    (t) => t.addColumn('stealth_visits', 'integer', (c) => c.notNull().defaultTo(0)),
    (t) => t.addColumn('deleted_at', ts),
  ];
  for (const add of userColumns) await add(db.schema.alterTable('users')).execute();

  // Who named me as their partner (the pending requests of the profile form).
  await db.schema.createIndex('users_partner').on('users').column('partner_id').execute();

  // Marks a visit already counted as stealthy, so toggling back and forth counts it once.
  await db.schema
    .alterTable('room_users')
    .addColumn('went_invisible', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('profile_photos'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attachment_id', 'integer', (c) =>
      c.notNull().references('attachments.id').onDelete('cascade'),
    )
    // Moderation status, shared with moderation later: new, accepted, refused, updated.
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('profile_photos_once', ['user_id', 'attachment_id'])
    .execute();
  await db.schema
    .createIndex('profile_photos_user')
    .on('profile_photos')
    .columns(['user_id', 'position', 'id'])
    .execute();

  // Public messages per user per Moscow calendar month ("YYYY-MM"): the top of the month is one
  // index range, newest month first.
  await db.schema
    .createTable('user_month_messages')
    .addColumn('month', 'varchar(7)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_month_messages_pk', ['month', 'user_id'])
    .execute();
  await db.schema
    .createIndex('user_month_messages_top')
    .on('user_month_messages')
    .expression(sql`month, messages desc, user_id`)
    .execute();

  // Nick search is a prefix range on nick_key (already lower-cased, NFKC). SQLite's unique index
  // on nick_key compares bytes, which is what the range needs; PostgreSQL's default collation
  // does not order by code point, so it gets an index in the "C" collation.
  if (pg)
    await db.schema
      .createIndex('users_nick_key_c')
      .on('users')
      .expression(sql`nick_key collate "C"`)
      .execute();
  // The search's total counts live nicks only (deleted_at is null): the indexes above would read
  // the table row of every match to check it (10-17 ms for a one-letter prefix among 100,000
  // people, bench/profiles); this partial index answers the count from the index alone.
  await db.schema
    .createIndex('users_nick_key_live')
    .on('users')
    .expression(pg ? sql`nick_key collate "C"` : sql`nick_key`)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  // Backfill the counters from what is already stored (the site's notices are nobody's).
  await sql`update users set public_messages = (select count(*) from messages m where m.user_id = users.id and m.type_id <> 3)`.execute(
    db,
  );
  await sql`update users set private_messages = (select count(*) from im_messages m where m.user_id = users.id)`.execute(
    db,
  );
  const monthOf = pg
    ? sql`to_char(created_at at time zone 'Europe/Moscow', 'YYYY-MM')`
    : sql`strftime('%Y-%m', created_at, '+3 hours')`;
  await sql`insert into user_month_messages (month, user_id, messages)
    select ${monthOf}, user_id, count(*) from messages where type_id <> 3
    group by ${monthOf}, user_id`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('users_nick_key_live').execute();
  if (isPostgres(db)) await db.schema.dropIndex('users_nick_key_c').execute();
  await db.schema.dropTable('user_month_messages').execute();
  await db.schema.dropTable('profile_photos').execute();
  await db.schema.alterTable('room_users').dropColumn('went_invisible').execute();
  for (const column of [
    'deleted_at',
    'stealth_visits',
    'room_visits',
    'private_messages',
    'public_messages',
    'frame_id',
    'avatar_photo_id',
    'avatar_key',
    'partner_confirmed_at',
    'partner_id',
    'marital_status',
    'about',
  ])
    await db.schema.alterTable('users').dropColumn(column).execute();
  await db.schema.dropTable('frames').execute();
}
