import { moscowMonthKey } from '@chat/shared';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB, MessageRow } from '../../db/schema';
import type { SqliteGroupCommit } from '../../db/sqlite-group-commit';
import { AppError } from '../../http/app-error';

/** A message as posted: an edit comes later (edited_at starts null). */
export type NewMessage = Omit<MessageRow, 'id' | 'edited_at'>;

/**
 * PostgreSQL types of the columns a message is written with: parameters in an INSERT … SELECT
 * are not typed by the target columns, so each one is cast. Typed by the row, so a new column
 * cannot be forgotten here.
 */
export const PG_TYPES: Record<keyof NewMessage, string> = {
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
  reply_to_id: 'integer',
};

export const MESSAGE_COLUMNS = Object.keys(PG_TYPES) as (keyof NewMessage)[];

/*
 * A profile's statistics are counters on the user row (and per Moscow month, for the top of the
 * month), bumped in the transaction that stores the message, so a profile never counts a
 * million rows. Deleting a message later does not un-write it.
 */

export interface Written {
  ban_until: string | null;
  gag_until: string | null;
}

/**
 * Joined into the chat's insert statements: their own transaction commits without waiting for
 * PostgreSQL to flush its log to disk (`synchronous_commit = off` for this transaction only, so
 * the pooled connection keeps the server's setting). The answer no longer waits for fsync,
 * whose stalls of 0.1–0.3 s on a busy disk held every message behind them; what a crash of
 * PostgreSQL or the machine may lose is the last fraction of a second of room messages, never
 * corrupted data (docs/adr/0005-room-messages-commit-without-waiting-for-the-disk.md).
 * Run them on the pool, never inside a transaction of other writes: that whole transaction
 * would then commit the same way. The one exception is a message's own attachment links
 * (messages.repository.ts insertIn), which are kept or lost with it.
 */
export const COMMIT_WITHOUT_WAITING_FOR_DISK =
  "cross join (select set_config('synchronous_commit', 'off', true)) as commit_mode";

/**
 * One statement, so one round trip and its own transaction: the author's row is locked and its
 * sanctions read (a ban that committed first wins, as in sanction-guard.ts), the message goes
 * in only when none is in force and its client_id is new, and only then are the author's
 * counters bumped. Its text is written once ($1 the author, $2 the time, then the message's
 * columns, then the month), so nothing is built per message; each parameter is cast, since
 * an INSERT … SELECT does not type them by the target columns.
 */
const POSTGRES_INSERT = (() => {
  let n = 2;
  const values = MESSAGE_COLUMNS.map((c) =>
    c === 'user_id' ? 'allowed.id' : `cast($${++n} as ${PG_TYPES[c]})`,
  );
  const month = `cast($${++n} as varchar(7))`;
  return `with author as (
      select id, ban_until, gag_until from users where id = $1 for no key update
    ), allowed as (
      select id from author
      where (ban_until is null or ban_until <= cast($2 as timestamptz))
        and (gag_until is null or gag_until <= cast($2 as timestamptz))
    ), stored as (
      insert into messages (${MESSAGE_COLUMNS.join(', ')})
      select ${values.join(', ')} from allowed
      on conflict (user_id, client_id) do nothing
      returning *
    ), counted as (
      update users set public_messages = public_messages + 1
      where id in (select user_id from stored)
    ), monthly as (
      insert into user_month_messages (month, user_id, messages)
      select ${month}, user_id, 1 from stored
      on conflict (month, user_id) do update set messages = user_month_messages.messages + 1
    )
    select author.ban_until, author.gag_until, stored.*
    from author ${COMMIT_WITHOUT_WAITING_FOR_DISK} left join stored on true`;
})();

export async function insertMessageOnPostgres(
  db: Kysely<DB>,
  row: NewMessage,
): Promise<MessageRow | null> {
  const now = row.created_at;
  const parameters = [
    row.user_id,
    now,
    ...MESSAGE_COLUMNS.filter((c) => c !== 'user_id').map((c) => row[c]),
    moscowMonthKey(new Date(now)),
  ];
  const result = await db.executeQuery<Written & Partial<MessageRow>>(
    CompiledQuery.raw(POSTGRES_INSERT, parameters),
  );
  return outcome(result.rows[0], now, row.user_id);
}

/**
 * SQLite serializes write transactions, so no lock is needed: the sanction check rides in the
 * INSERT's own WHERE, and a known client_id inserts nothing.
 */
const SQLITE = {
  insert: `insert into messages (${MESSAGE_COLUMNS.join(', ')})
    select ${MESSAGE_COLUMNS.map((c) => (c === 'user_id' ? 'users.id' : '?')).join(', ')} from users
    where users.id = ?
      and (users.ban_until is null or users.ban_until <= ?)
      and (users.gag_until is null or users.gag_until <= ?)
    on conflict (user_id, client_id) do nothing
    returning *`,
  countAuthor: 'update users set public_messages = public_messages + 1 where id = ?',
  countMonth: `insert into user_month_messages (month, user_id, messages) values (?, ?, 1)
    on conflict (month, user_id) do update set messages = user_month_messages.messages + 1`,
  sanctions: 'select ban_until, gag_until from users where id = ?',
};

/**
 * The whole write runs synchronously on the raw connection, in the group commit of the
 * messages posted in the same turn (db/sqlite-group-commit.ts): four prepared statements with
 * nothing built or awaited between them.
 */
export async function insertMessageOnSqlite(
  writer: SqliteGroupCommit,
  row: NewMessage,
): Promise<MessageRow | null> {
  const now = row.created_at;
  const values = MESSAGE_COLUMNS.filter((c) => c !== 'user_id').map((c) => row[c]);
  const month = moscowMonthKey(new Date(now));
  const written = await writer.run(({ prepare }): Written & Partial<MessageRow> => {
    const message = prepare(SQLITE.insert).get(...values, row.user_id, now, now) as
      MessageRow | undefined;
    if (message) {
      prepare(SQLITE.countAuthor).run(row.user_id);
      prepare(SQLITE.countMonth).run(month, row.user_id);
      return { ban_until: null, gag_until: null, ...message };
    }
    return prepare(SQLITE.sanctions).get(row.user_id) as Written;
  });
  return outcome(written, now, row.user_id);
}

/**
 * The same statements through a Kysely transaction: a unit of work that links the message's
 * attachments in the same commit (messages.repository.ts insertIn). Only messages with
 * attachments come here; the others keep the group commit.
 */
export async function insertMessageInSqliteTransaction(
  trx: Kysely<DB>,
  row: NewMessage,
): Promise<MessageRow | null> {
  const now = row.created_at;
  const values = MESSAGE_COLUMNS.filter((c) => c !== 'user_id').map((c) => row[c]);
  const run = <R>(text: string, parameters: unknown[]) =>
    trx.executeQuery<R>(CompiledQuery.raw(text, parameters));
  const [message] = (await run<MessageRow>(SQLITE.insert, [...values, row.user_id, now, now])).rows;
  if (message) {
    await run(SQLITE.countAuthor, [row.user_id]);
    await run(SQLITE.countMonth, [moscowMonthKey(new Date(now)), row.user_id]);
    return outcome({ ban_until: null, gag_until: null, ...message }, now, row.user_id);
  }
  const [written] = (await run<Written>(SQLITE.sanctions, [row.user_id])).rows;
  return outcome(written, now, row.user_id);
}

/** The stored row; null for a known client_id; 403 when a sanction stopped the write. */
export function outcome(
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
