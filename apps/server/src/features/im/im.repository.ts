import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { DB, ImChannelRow, ImChannelUserRow, ImMessageRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import {
  storeInSqliteTransaction,
  storeOnPostgres,
  storeOnSqlite,
  type NewImMessage,
  type StoredMessage,
  type StoreOutcome,
} from './im-message-insert';

type Db = Kysely<DB> | Transaction<DB>;

/** A channel as one of its two parties sees it before acting in it. */
export interface Conversation {
  other: UserRow;
  /** The viewer ignores the other person. */
  ignoringOther: boolean;
  /** The other person ignores the viewer. */
  ignoredByOther: boolean;
  /** The channel is in the other person's list (written in or opened before). */
  otherListed: boolean;
  /** The viewer's message stored under the client_id asked about, if any. */
  earlierId: number | null;
}

export interface ReadResult {
  lastReadId: number;
  /** The other person's messages that got their read_at now. */
  newlyRead: number;
  /** Whether the reader's state changed at all (else nobody needs telling). */
  changed: boolean;
}

/**
 * Kysely queries of private messages. Reads and deletes take the channel row's lock first (an
 * UPDATE of that row: a row lock on PostgreSQL, the write lock on SQLite) before they read the
 * counters they rewrite; storing a message only adds to them, each `+ 1` under its row lock,
 * and updates the channel row too (im-message-insert.ts). So the maintained unread counters
 * stay exact, and writes to different channels do not wait for each other.
 */
export class ImRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  findChannel(id: number): Promise<ImChannelRow | undefined> {
    return this.db.selectFrom('im_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private findPair(db: Db, a: number, b: number): Promise<ImChannelRow | undefined> {
    return db
      .selectFrom('im_channels')
      .selectAll()
      .where('user_low_id', '=', Math.min(a, b))
      .where('user_high_id', '=', Math.max(a, b))
      .executeTakeFirst();
  }

  /** The pair's channel, made on first use; `created` is false when it existed (or raced in). */
  async openChannel(
    openerId: number,
    otherId: number,
    at: string,
  ): Promise<{ channel: ImChannelRow; created: boolean }> {
    const existing = await this.findPair(this.db, openerId, otherId);
    if (existing) {
      await this.touchOpener(existing.id, openerId, at);
      return { channel: existing, created: false };
    }
    try {
      const channel = await this.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('im_channels')
          .values({
            user_low_id: Math.min(openerId, otherId),
            user_high_id: Math.max(openerId, otherId),
            last_message_id: null,
            created_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('im_channel_users')
          .values([
            { channel_id: row.id, user_id: openerId, other_id: otherId, activity_at: at },
            { channel_id: row.id, user_id: otherId, other_id: openerId, activity_at: null },
          ])
          .execute();
        return row;
      });
      return { channel, created: true };
    } catch (error) {
      // Both people opened it at once: the unique pair let one in; answer that one.
      if (!isUniqueViolation(error)) throw error;
      const raced = await this.findPair(this.db, openerId, otherId);
      if (!raced) throw error;
      await this.touchOpener(raced.id, openerId, at);
      return { channel: raced, created: false };
    }
  }

  /** Opening a channel puts it in the opener's list (it may have been hidden until now). */
  private async touchOpener(channelId: number, openerId: number, at: string): Promise<void> {
    await this.db
      .updateTable('im_channel_users')
      .set({ activity_at: at })
      .where('channel_id', '=', channelId)
      .where('user_id', '=', openerId)
      .where('activity_at', 'is', null)
      .execute();
  }

  party(channelId: number, userId: number): Promise<ImChannelUserRow | undefined> {
    return this.db
      .selectFrom('im_channel_users')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** One page of a viewer's channel list, newest activity first. */
  listParties(userId: number, offset: number, limit: number): Promise<ImChannelUserRow[]> {
    return this.db
      .selectFrom('im_channel_users')
      .selectAll()
      .where('user_id', '=', userId)
      .where('activity_at', 'is not', null)
      .orderBy('activity_at', 'desc')
      .orderBy('channel_id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async countListed(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('im_channel_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('activity_at', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The navbar's total: a sum over the viewer's own rows (maintained counters, indexed). */
  async unreadTotal(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('im_channel_users')
      .select((eb) => eb.fn.sum<number | null>('unread_count').as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  lastMessagesOf(channelIds: number[]): Promise<ImMessageRow[]> {
    if (channelIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('im_messages')
      .selectAll('im_messages')
      .innerJoin('im_channels', 'im_channels.last_message_id', 'im_messages.id')
      .where('im_channels.id', 'in', channelIds)
      .execute();
  }

  findMessage(id: number): Promise<ImMessageRow | undefined> {
    return this.db.selectFrom('im_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByClientId(userId: number, clientId: string, db: Db = this.db) {
    return db
      .selectFrom('im_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /** The `offset`-th newest `limit` messages, answered oldest first. */
  async messagesPage(channelId: number, offset: number, limit: number): Promise<ImMessageRow[]> {
    const rows = await this.db
      .selectFrom('im_messages')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  messagesAfter(channelId: number, afterId: number, limit: number): Promise<ImMessageRow[]> {
    return this.db
      .selectFrom('im_messages')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  async countMessages(channelId: number): Promise<number> {
    const row = await this.db
      .selectFrom('im_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Takes the channel's write lock; false when the channel is gone. */
  private async lock(trx: Transaction<DB>, channelId: number): Promise<boolean> {
    const result = await trx
      .updateTable('im_channels')
      .set((eb) => ({ last_message_id: eb.ref('last_message_id') }))
      .where('id', '=', channelId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * What a party needs to act in a channel, in one query: the other person's row, who ignores
   * whom, whether the other person's list shows the channel yet, and (when writing) the id of
   * the viewer's message already stored under that client_id. Undefined for anyone who is not
   * one of the two (their party row is what makes them one).
   */
  async conversation(
    viewerId: number,
    channelId: number,
    clientId: string | null = null,
  ): Promise<Conversation | undefined> {
    const row = await this.db
      .selectFrom('im_channel_users as me')
      .innerJoin('users', 'users.id', 'me.other_id')
      .innerJoin('im_channel_users as them', (join) =>
        join
          .onRef('them.channel_id', '=', 'me.channel_id')
          .onRef('them.user_id', '=', 'me.other_id'),
      )
      .selectAll('users')
      .select((eb) => [
        'them.activity_at as other_activity_at',
        eb
          .exists(
            eb
              .selectFrom('ignores')
              .select('ignores.user_id')
              .where('ignores.user_id', '=', viewerId)
              .whereRef('ignores.ignored_id', '=', 'me.other_id'),
          )
          .as('viewer_ignores'),
        eb
          .exists(
            eb
              .selectFrom('ignores')
              .select('ignores.user_id')
              .whereRef('ignores.user_id', '=', 'me.other_id')
              .where('ignores.ignored_id', '=', viewerId),
          )
          .as('other_ignores'),
        (clientId === null
          ? eb.val<number | null>(null)
          : eb
              .selectFrom('im_messages')
              .select('im_messages.id')
              .where('im_messages.user_id', '=', viewerId)
              .where('im_messages.client_id', '=', clientId)
        ).as('earlier_id'),
      ])
      .where('me.channel_id', '=', channelId)
      .where('me.user_id', '=', viewerId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { other_activity_at, viewer_ignores, other_ignores, earlier_id, ...other } = row;
    return {
      other,
      ignoringOther: Boolean(viewer_ignores),
      ignoredByOther: Boolean(other_ignores),
      otherListed: other_activity_at !== null,
      earlierId: earlier_id === null ? null : Number(earlier_id),
    };
  }

  /**
   * Stores a message and updates the author's counter, the channel and both parties' rows in
   * one transaction (one statement on PostgreSQL: im-message-insert.ts). Answers the earlier
   * message when the author's client_id is already stored (a retry), null when the channel is
   * gone; 403 when a sanction in force stops it. Given `trx` (a unit of work's transaction),
   * everything goes through it.
   */
  async storeMessage(
    row: NewImMessage,
    recipientId: number,
    recipientListed: boolean,
    trx?: Kysely<DB>,
  ): Promise<StoredMessage | { replay: ImMessageRow } | null> {
    let outcome: StoreOutcome;
    try {
      if (this.postgres) outcome = await storeOnPostgres(trx ?? this.db, row, recipientId);
      else if (trx)
        outcome = await storeInSqliteTransaction(trx, row, recipientId, recipientListed);
      else outcome = await storeOnSqlite(this.db, row, recipientId, recipientListed);
    } catch (error) {
      // The channel went away between the request's check and the insert.
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
    if (outcome !== 'replay') return outcome;
    const earlier = await this.findByClientId(row.user_id, row.client_id, trx);
    if (!earlier) throw new Error('im_messages: a client_id conflict without its message');
    return { replay: earlier };
  }

  /** Marks everything in the channel read for the reader and stamps read_at on what they read. */
  async markRead(channelId: number, readerId: number, at: string): Promise<ReadResult | null> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, channelId))) return null;
      const reader = await trx
        .selectFrom('im_channel_users')
        .select(['last_read_id', 'unread_count'])
        .where('channel_id', '=', channelId)
        .where('user_id', '=', readerId)
        .executeTakeFirst();
      if (!reader) return null;
      const latest = await trx
        .selectFrom('im_messages')
        .select((eb) => eb.fn.max<number | null>('id').as('id'))
        .where('channel_id', '=', channelId)
        .executeTakeFirst();
      const lastReadId = Math.max(Number(latest?.id ?? 0), reader.last_read_id);
      if (lastReadId === reader.last_read_id && Number(reader.unread_count) === 0)
        return { lastReadId, newlyRead: 0, changed: false };
      const stamped = await trx
        .updateTable('im_messages')
        .set({ read_at: at })
        .where('channel_id', '=', channelId)
        .where('user_id', '!=', readerId)
        .where('id', '>', reader.last_read_id)
        .where('id', '<=', lastReadId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      await trx
        .updateTable('im_channel_users')
        .set({ last_read_id: lastReadId, unread_count: 0 })
        .where('channel_id', '=', channelId)
        .where('user_id', '=', readerId)
        .execute();
      return { lastReadId, newlyRead: Number(stamped.numUpdatedRows), changed: true };
    });
  }

  /**
   * Sets a message's deleted flag. A deleted message the recipient has not read stops counting
   * as unread (and counts again when restored). Answers the recipient's new unread count when
   * it changed, `changed: false` when the flag already was so.
   */
  async setDeleted(
    message: ImMessageRow,
    recipientId: number,
    deleted: 0 | 1,
  ): Promise<{ changed: boolean; recipientUnread: number | null }> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.lock(trx, message.channel_id)))
        return { changed: false, recipientUnread: null };
      const result = await trx
        .updateTable('im_messages')
        .set({ deleted })
        .where('id', '=', message.id)
        .where('deleted', '!=', deleted)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return { changed: false, recipientUnread: null };
      const recipient = await trx
        .selectFrom('im_channel_users')
        .select(['last_read_id', 'unread_count'])
        .where('channel_id', '=', message.channel_id)
        .where('user_id', '=', recipientId)
        .executeTakeFirst();
      if (!recipient || message.id <= recipient.last_read_id)
        return { changed: true, recipientUnread: null };
      const unread = Math.max(0, Number(recipient.unread_count) + (deleted ? -1 : 1));
      await trx
        .updateTable('im_channel_users')
        .set({ unread_count: unread })
        .where('channel_id', '=', message.channel_id)
        .where('user_id', '=', recipientId)
        .execute();
      return { changed: true, recipientUnread: unread };
    });
  }

  /** Who of `others` the viewer ignores, and who of them ignores the viewer. */
  async ignoresBetween(
    viewerId: number,
    others: number[],
  ): Promise<{ ignoring: Set<number>; ignoredBy: Set<number> }> {
    if (others.length === 0) return { ignoring: new Set(), ignoredBy: new Set() };
    const rows = await this.db
      .selectFrom('ignores')
      .select(['user_id', 'ignored_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', viewerId), eb('ignored_id', 'in', others)]),
          eb.and([eb('user_id', 'in', others), eb('ignored_id', '=', viewerId)]),
        ]),
      )
      .execute();
    return {
      ignoring: new Set(rows.filter((r) => r.user_id === viewerId).map((r) => r.ignored_id)),
      ignoredBy: new Set(rows.filter((r) => r.ignored_id === viewerId).map((r) => r.user_id)),
    };
  }
}

/** The channel a message was to go into is gone (SQLite or PostgreSQL). */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
