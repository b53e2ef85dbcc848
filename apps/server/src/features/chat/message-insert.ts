import { moscowMonthKey } from '@chat/shared';
import { sql, type Kysely } from 'kysely';
import type { DB, MessageRow } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { countPublicMessage } from '../profiles/message-counters';

type NewMessage = Omit<MessageRow, 'id'>;

/**
 * PostgreSQL types of the columns a message is written with: parameters in an INSERT … SELECT
 * are not typed by the target columns, so each one is cast. Typed by the row, so a new column
 * cannot be forgotten here.
 */
const PG_TYPES: Record<keyof NewMessage, string> = {
  room_id: 'integer',
  user_id: 'integer',
  type_id: 'integer',
  text: 'text',
  nicks: 'text',
  attachments: 'text',
  client_id: 'varchar(64)',
  created_at: 'timestamptz',
  deleted_at: 'timestamptz',
  gif_id: 'integer',
};

interface Written {
  ban_until: string | null;
  gag_until: string | null;
}

/**
 * One statement, so one round trip and its own transaction: the author's row is locked and its
 * sanctions read (a ban that committed first wins, as in sanction-guard.ts), the message goes
 * in only when none is in force and its client_id is new, and only then are the counters of
 * profiles/message-counters.ts bumped (the same two updates, inlined).
 */
export async function insertMessageOnPostgres(
  db: Kysely<DB>,
  row: NewMessage,
): Promise<MessageRow | null> {
  const columns = Object.keys(PG_TYPES) as (keyof NewMessage)[];
  const values = columns.map((c) =>
    c === 'user_id' ? sql`allowed.id` : sql`cast(${row[c]} as ${sql.raw(PG_TYPES[c])})`,
  );
  const now = row.created_at;
  const month = moscowMonthKey(new Date(row.created_at));
  const result = await sql<Written & Partial<MessageRow>>`
    with author as (
      select id, ban_until, gag_until from users where id = ${row.user_id} for no key update
    ), allowed as (
      select id from author
      where (ban_until is null or ban_until <= cast(${now} as timestamptz))
        and (gag_until is null or gag_until <= cast(${now} as timestamptz))
    ), stored as (
      insert into messages (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(values)} from allowed
      on conflict (user_id, client_id) do nothing
      returning *
    ), counted as (
      update users set public_messages = public_messages + 1
      where id in (select user_id from stored)
    ), monthly as (
      insert into user_month_messages (month, user_id, messages)
      select cast(${month} as varchar(7)), user_id, 1 from stored
      on conflict (month, user_id) do update set messages = user_month_messages.messages + 1
    )
    select author.ban_until, author.gag_until, stored.*
    from author left join stored on true`.execute(db);
  return outcome(result.rows[0], now, row.user_id);
}

/**
 * SQLite serializes write transactions, so no lock is needed: the sanction check rides in the
 * INSERT's own WHERE, and a known client_id inserts nothing.
 */
export async function insertMessageOnSqlite(
  db: Kysely<DB>,
  row: NewMessage,
): Promise<MessageRow | null> {
  const columns = Object.keys(PG_TYPES) as (keyof NewMessage)[];
  const values = columns.map((c) => (c === 'user_id' ? sql`users.id` : sql`${row[c]}`));
  const now = row.created_at;
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<MessageRow>`
      insert into messages (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(values)} from users
      where users.id = ${row.user_id}
        and (users.ban_until is null or users.ban_until <= ${now})
        and (users.gag_until is null or users.gag_until <= ${now})
      on conflict (user_id, client_id) do nothing
      returning *`.execute(trx);
    const message = inserted.rows[0];
    if (message) {
      await countPublicMessage(trx, row.user_id, row.created_at);
      return message;
    }
    const author = await trx
      .selectFrom('users')
      .select(['ban_until', 'gag_until'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    return outcome(author && { ...author }, now, row.user_id);
  });
}

/** The stored row; null for a known client_id; 403 when a sanction stopped the write. */
function outcome(
  written: (Written & Partial<MessageRow>) | undefined,
  now: string,
  userId: number,
): MessageRow | null {
  if (!written) throw new Error(`message author ${userId} not found`);
  const { ban_until, gag_until, ...message } = written;
  // ISO strings of one format compare as times (both dialects read timestamps back so).
  if (ban_until !== null && ban_until > now) throw new AppError('banned');
  if (gag_until !== null && gag_until > now) throw new AppError('gagged');
  return message.id === undefined || message.id === null ? null : (message as MessageRow);
}
