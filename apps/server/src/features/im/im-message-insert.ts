import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, ImMessageRow, ImMessagesTable } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** A private message to store; `deleted` and `id` come from the table's defaults. */
export type NewImMessage = Required<Omit<Insertable<ImMessagesTable>, 'id' | 'deleted'>> & {
  client_id: string;
};

export interface StoredMessage {
  message: ImMessageRow;
  /** The recipient's state after the message: their unread count in this channel. */
  recipientUnread: number;
  /** ... and in all their channels (the navbar's count). */
  recipientUnreadTotal: number;
  /** The channel was not in the recipient's list before this message. */
  recipientFirstSight: boolean;
}

/** What storing answered: the message, the earlier one of a known client_id, or nothing. */
export type StoreOutcome = StoredMessage | 'replay';

interface Sanctions {
  ban_until: string | null;
  gag_until: string | null;
}

/**
 * PostgreSQL types of the columns a message is written with: parameters in an INSERT … SELECT
 * take no type from the target columns, so each is cast. Typed by the row, so a new column
 * cannot be forgotten here.
 */
const PG_TYPES: Record<keyof NewImMessage, string> = {
  channel_id: 'integer',
  user_id: 'integer',
  text: 'text',
  attachments: 'text',
  client_id: 'varchar(64)',
  read_at: 'timestamptz',
  created_at: 'timestamptz',
};

type PostgresAnswer = Sanctions &
  Partial<ImMessageRow> & {
    recipient_unread: number | null;
    unread_elsewhere: number | null;
    recipient_unlisted: boolean | null;
  };

/**
 * One statement, so one round trip and its own transaction. The author's row is locked and its
 * sanctions read (a ban that committed first wins, as in moderation/sanction-guard.ts); the
 * message goes in only when none is in force and its client_id is new; only then are the
 * author's message counter, the channel's last message and both parties'
 * rows updated. Counters stay exact without the channel lock coming first: each is a `+ 1`
 * under its row lock, and a concurrent read receipt cannot see a message before it commits.
 * The recipient's other channels and whether their list showed this one are read in the
 * statement's snapshot: two first messages at once may both say "first sight", which only
 * sends the recipient the channel twice.
 */
export async function storeOnPostgres(
  db: Kysely<DB>,
  row: NewImMessage,
  recipientId: number,
): Promise<StoreOutcome> {
  const columns = Object.keys(PG_TYPES) as (keyof NewImMessage)[];
  const values = columns.map((c) =>
    c === 'user_id' ? sql`allowed.id` : sql`cast(${row[c]} as ${sql.raw(PG_TYPES[c])})`,
  );
  const now = sql`cast(${row.created_at} as timestamptz)`;
  const result = await sql<PostgresAnswer>`
    with author as (
      select id, ban_until, gag_until from users where id = ${row.user_id} for no key update
    ), allowed as (
      select id from author
      where (ban_until is null or ban_until <= ${now}) and (gag_until is null or gag_until <= ${now})
    ), stored as (
      insert into im_messages (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(values)} from allowed
      on conflict (user_id, client_id) do nothing
      returning *
    ), counted as (
      update users set private_messages = private_messages + 1
      where id in (select user_id from stored)
    ), channel as (
      update im_channels set last_message_id = stored.id
      from stored where im_channels.id = stored.channel_id
    ), parties as (
      update im_channel_users
      set activity_at = stored.created_at,
        unread_count = im_channel_users.unread_count
          + case when im_channel_users.user_id = ${recipientId} then 1 else 0 end
      from stored where im_channel_users.channel_id = stored.channel_id
      returning im_channel_users.user_id, im_channel_users.unread_count
    )
    select author.ban_until, author.gag_until, stored.*,
      (select unread_count from parties where user_id = ${recipientId}) as recipient_unread,
      (select sum(unread_count) from im_channel_users
        where user_id = ${recipientId} and channel_id <> ${row.channel_id}) as unread_elsewhere,
      (select activity_at is null from im_channel_users
        where channel_id = ${row.channel_id} and user_id = ${recipientId}) as recipient_unlisted
    from author left join stored on true`.execute(db);
  const answer = result.rows[0];
  if (!answer) throw new Error(`im message author ${row.user_id} not found`);
  const { recipient_unread, unread_elsewhere, recipient_unlisted, ...written } = answer;
  const message = allowedMessage(written, row.created_at);
  if (!message) return 'replay';
  const unread = Number(recipient_unread);
  return {
    message,
    recipientUnread: unread,
    recipientUnreadTotal: unread + Number(unread_elsewhere ?? 0),
    recipientFirstSight: recipient_unlisted === true,
  };
}

/**
 * SQLite serializes write transactions, so the statements run one after the other in one; a
 * round trip here is a function call. `recipientListed` true (the request saw the channel in
 * the recipient's list, where it stays) spares the read of it.
 */
export async function storeOnSqlite(
  db: Kysely<DB>,
  row: NewImMessage,
  recipientId: number,
  recipientListed: boolean,
): Promise<StoreOutcome> {
  return db
    .transaction()
    .execute((trx) => storeInSqliteTransaction(trx, row, recipientId, recipientListed));
}

/**
 * storeOnSqlite's statements in a transaction already open: a unit of work's, which links the
 * message's attachments in the same commit.
 */
export async function storeInSqliteTransaction(
  trx: Kysely<DB>,
  row: NewImMessage,
  recipientId: number,
  recipientListed: boolean,
): Promise<StoreOutcome> {
  const now = row.created_at;
  const inserted = await sql<ImMessageRow>`
    insert into im_messages (channel_id, user_id, text, attachments, client_id, read_at, created_at)
    select ${row.channel_id}, users.id, ${row.text}, ${row.attachments}, ${row.client_id},
      ${row.read_at}, ${row.created_at}
    from users
    where users.id = ${row.user_id}
      and (users.ban_until is null or users.ban_until <= ${now})
      and (users.gag_until is null or users.gag_until <= ${now})
    on conflict (user_id, client_id) do nothing
    returning *`.execute(trx);
  const message = inserted.rows[0];
  if (!message) {
    const author = await trx
      .selectFrom('users')
      .select(['ban_until', 'gag_until'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (!author) throw new Error(`im message author ${row.user_id} not found`);
    allowedMessage(author, now);
    return 'replay';
  }
  await trx
    .updateTable('users')
    .set((eb) => ({ private_messages: eb('private_messages', '+', 1) }))
    .where('id', '=', row.user_id)
    .execute();
  await trx
    .updateTable('im_channels')
    .set({ last_message_id: message.id })
    .where('id', '=', row.channel_id)
    .execute();
  const firstSight = !recipientListed && (await unlisted(trx, row.channel_id, recipientId));
  const parties = await trx
    .updateTable('im_channel_users')
    .set((eb) => ({
      activity_at: message.created_at,
      unread_count: eb(
        'unread_count',
        '+',
        eb.case().when('user_id', '=', recipientId).then(1).else(0).end(),
      ),
    }))
    .where('channel_id', '=', row.channel_id)
    .returning((eb) => [
      'user_id',
      'unread_count',
      eb
        .selectFrom('im_channel_users as elsewhere')
        .select((e) => e.fn.sum<number | null>('elsewhere.unread_count').as('n'))
        .where('elsewhere.user_id', '=', recipientId)
        .where('elsewhere.channel_id', '!=', row.channel_id)
        .as('unread_elsewhere'),
    ])
    .execute();
  const recipient = parties.find((p) => p.user_id === recipientId);
  if (!recipient) throw new Error(`im_channel_users: no row of ${recipientId}`);
  const unread = Number(recipient.unread_count);
  return {
    message,
    recipientUnread: unread,
    recipientUnreadTotal: unread + Number(recipient.unread_elsewhere ?? 0),
    recipientFirstSight: firstSight,
  };
}

/** Whether the channel is missing from that person's list (no activity yet). */
async function unlisted(trx: Kysely<DB>, channelId: number, userId: number) {
  const party = await trx
    .selectFrom('im_channel_users')
    .select('activity_at')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return party.activity_at === null;
}

/** The stored row, or null for a known client_id; 403 when a sanction stopped the write. */
function allowedMessage(
  written: Sanctions & Partial<ImMessageRow>,
  now: string,
): ImMessageRow | null {
  const { ban_until, gag_until, ...message } = written;
  // ISO strings of one format compare as times (both dialects read timestamps back so).
  if (ban_until !== null && ban_until > now) throw new AppError('banned');
  if (gag_until !== null && gag_until > now) throw new AppError('gagged');
  return message.id === undefined || message.id === null ? null : (message as ImMessageRow);
}
