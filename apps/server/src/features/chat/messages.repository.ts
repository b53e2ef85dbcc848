import * as messagePolicy from '../../access/message.policy';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { DB, MessageRow, UserRow } from '../../db/schema';
import { SqliteGroupCommit } from '../../db/sqlite-group-commit';
import { AppError } from '../../http/app-error';
import type { GifFields } from '../gifs/gifs.presenter';
import { PostgresMessageGroups } from './message-groups.postgres';
import {
  insertMessageInSqliteTransaction,
  insertMessageOnPostgres,
  insertMessageOnSqlite,
  type NewMessage,
} from './message-insert';

export type MessageAuthor = Pick<
  UserRow,
  'id' | 'slug' | 'nick' | 'nick_style' | 'avatar' | 'role' | 'frame' | 'gender' | 'is_troll'
>;
/**
 * The message a reply answers, as stored: whether a viewer may see its quote is the message
 * policy's canSeeQuoted.
 */
export interface RepliedMessage {
  id: number;
  user_id: number;
  room_id: number;
  deleted_at: string | null;
  text: string;
  author: { slug: string; nick: string } | null;
  author_is_troll: boolean;
}
/**
 * A message with its author, for a GIF message the library GIF (null when none or gone), and
 * the message it answers (null when none).
 */
export type MessageWithAuthor = MessageRow & {
  author: MessageAuthor;
  gif: GifFields | null;
  reply: RepliedMessage | null;
};

/** A message's earlier text (chat_message_edits). */
export interface MessageEditRow {
  text: string;
  written_at: string;
  replaced_at: string;
}

export class MessagesRepository {
  /** Writes a message through its dialect's group commit. */
  private readonly write: (row: NewMessage) => Promise<MessageRow | null>;
  /** The same write in a unit's transaction. */
  private readonly writeIn: (trx: Kysely<DB>, row: NewMessage) => Promise<MessageRow | null>;

  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (this.postgres) {
      const groups = new PostgresMessageGroups(db);
      this.write = (row) => groups.insert(row);
      this.writeIn = insertMessageOnPostgres;
    } else {
      const writer = new SqliteGroupCommit(db);
      this.write = (row) => insertMessageOnSqlite(writer, row);
      this.writeIn = insertMessageInSqliteTransaction;
    }
  }

  /**
   * Stores a message and counts it for its author's statistics, atomically; refuses (403
   * banned / gagged) when a sanction of the author committed before this write. Answers null
   * when the author already sent this client_id (the first one stays; nothing is counted).
   */
  async insert(row: NewMessage): Promise<MessageRow | null> {
    return this.write(row);
  }

  /**
   * The same write inside a unit of work's transaction, for a message whose attachments are
   * linked in the same commit; not group-committed, so only such messages come here. On
   * PostgreSQL the statement's commit mode (message-insert.ts) then holds for the unit, which
   * stores this message and its own links only: they are kept, or lost, together.
   */
  async insertIn(trx: Kysely<DB>, row: NewMessage): Promise<MessageRow | null> {
    return this.writeIn(trx, row);
  }

  async find(id: number): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A message with its author's role, for the rank a deletion for everyone asks. */
  async findWithAuthorRole(
    id: number,
  ): Promise<(MessageRow & { author: { role: string } | undefined }) | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.user_id')
      .selectAll('messages')
      .select('users.role as author_role')
      .where('messages.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { author_role, ...message } = row;
    return { ...message, author: author_role === null ? undefined : { role: author_role } };
  }

  /**
   * The message a new reply answers, with what its quote shows: one look-up by primary key,
   * made only for a message that is a reply.
   */
  async findReplied(id: number): Promise<RepliedMessage | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.user_id')
      .select([
        'messages.id',
        'messages.user_id',
        'messages.room_id',
        'messages.deleted_at',
        'messages.text',
        'users.slug',
        'users.nick',
        'users.is_troll',
      ])
      .where('messages.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { slug, nick, is_troll, ...message } = row;
    return {
      ...message,
      author: slug !== null && nick !== null ? { slug, nick } : null,
      author_is_troll: is_troll === 1,
    };
  }

  /**
   * Replaces the text of an author's message while its edit window is open (posted after
   * `postedAfter`, not deleted), keeping the text it had in chat_message_edits; in the caller's
   * unit of work. Answers the edited row, or undefined when the message is not the author's,
   * is deleted or its window has closed; 403 when a gag or ban of the author stands.
   */
  async edit(
    trx: Kysely<DB>,
    id: number,
    authorId: number,
    change: { text: string; nicks: string },
    at: string,
    postedAfter: string,
  ): Promise<MessageRow | undefined> {
    // A gag or ban committed since the session was read stops the write, as it stops a post
    // (message-insert.ts): on PostgreSQL the author's row is locked, so a sanction being
    // written is waited for and then seen.
    let author = trx
      .selectFrom('users')
      .select(['ban_until', 'gag_until'])
      .where('id', '=', authorId);
    if (this.postgres) author = author.forNoKeyUpdate();
    const sanctions = await author.executeTakeFirst();
    if (!sanctions) return undefined;
    if (sanctions.ban_until !== null && sanctions.ban_until > at) throw new AppError('banned');
    if (sanctions.gag_until !== null && sanctions.gag_until > at) throw new AppError('gagged');
    let query = trx
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', authorId)
      .where('deleted_at', 'is', null)
      .where('created_at', '>', postedAfter);
    // Two edits at once: the second waits and keeps the first one's text in the history.
    if (this.postgres) query = query.forUpdate();
    const before = await query.executeTakeFirst();
    if (!before) return undefined;
    await trx
      .insertInto('chat_message_edits')
      .values({
        message_id: id,
        text: before.text,
        written_at: before.edited_at ?? before.created_at,
        replaced_at: at,
      })
      .execute();
    return trx
      .updateTable('messages')
      .set({ text: change.text, nicks: change.nicks, edited_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A message's earlier texts, the first first. */
  async edits(messageId: number): Promise<MessageEditRow[]> {
    return this.db
      .selectFrom('chat_message_edits')
      .select(['text', 'written_at', 'replaced_at'])
      .where('message_id', '=', messageId)
      .orderBy('id')
      .execute();
  }

  async findByClientId(userId: number, clientId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  /**
   * A page of a room's history for one viewer: newest `limit` before `before`, or the oldest
   * `limit` after `after`; deleted ones and those the viewer hid are left out. Ascending ids.
   */
  async page(
    roomId: number,
    viewerId: number,
    {
      before,
      after,
      limit,
      seesTrolls = false,
    }: { before?: number; after?: number; limit: number; seesTrolls?: boolean },
  ): Promise<MessageWithAuthor[]> {
    let query = withAuthorQuery(this.db)
      .where('messages.room_id', '=', roomId)
      .where(messagePolicy.listedFor(viewerId, seesTrolls));
    if (before !== undefined) query = query.where('messages.id', '<', before);
    if (after !== undefined) query = query.where('messages.id', '>', after);
    const rows = await query
      .orderBy('messages.id', after !== undefined ? 'asc' : 'desc')
      .limit(limit)
      .execute();
    const ordered = after !== undefined ? rows : rows.reverse();
    return ordered.map(toMessageWithAuthor);
  }

  /**
   * Messages by id with their authors, GIFs and replied messages, as a room's page reads them
   * (the quotes page); no visibility rule here: the caller found the ids with its own.
   */
  async withAuthors(ids: readonly number[]): Promise<MessageWithAuthor[]> {
    if (ids.length === 0) return [];
    const rows = await withAuthorQuery(this.db)
      .where('messages.id', 'in', [...ids])
      .execute();
    return rows.map(toMessageWithAuthor);
  }

  /** Unread messages of others; a troll's count only for those who see trolls. */
  async countAfter(
    roomId: number,
    afterId: number,
    viewerId: number,
    seesTrolls = false,
  ): Promise<number> {
    let query = this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_id', '=', roomId)
      .where('id', '>', afterId)
      .where('deleted_at', 'is', null)
      .where('user_id', '!=', viewerId);
    if (!seesTrolls)
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .whereRef('users.id', '=', 'messages.user_id')
              .where('users.is_troll', '=', 1),
          ),
        ),
      );
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async latestId(roomId: number): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.max<number | null>('id').as('id'))
      .where('room_id', '=', roomId)
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  async hide(userId: number, messageId: number): Promise<void> {
    await this.db
      .insertInto('message_hides')
      .values({ user_id: userId, message_id: messageId })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
  }

  async markDeleted(id: number, at: string): Promise<void> {
    await this.db.updateTable('messages').set({ deleted_at: at }).where('id', '=', id).execute();
  }
}

/** Messages joined to what a page shows of each: author, GIF, the message a reply answers. */
function withAuthorQuery(db: Kysely<DB>) {
  return (
    db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .leftJoin('gifs', 'gifs.id', 'messages.gif_id')
      // The message each reply answers, and its author: two look-ups by primary key per reply.
      .leftJoin('messages as r', 'r.id', 'messages.reply_to_id')
      .leftJoin('users as ru', 'ru.id', 'r.user_id')
      .selectAll('messages')
      .select([
        'users.slug as a_slug',
        'users.nick as a_nick',
        'users.nick_style as a_nick_style',
        'users.avatar as a_avatar',
        'users.role as a_role',
        'users.frame as a_frame',
        'users.gender as a_gender',
        'users.is_troll as a_is_troll',
        'gifs.category_id as g_category_id',
        'gifs.title as g_title',
        'gifs.file as g_file',
        'gifs.width as g_width',
        'gifs.height as g_height',
        'r.user_id as r_user_id',
        'r.room_id as r_room_id',
        'r.deleted_at as r_deleted_at',
        'r.text as r_text',
        'ru.slug as r_slug',
        'ru.nick as r_nick',
        'ru.is_troll as r_is_troll',
      ])
  );
}

type WithAuthorRow = Awaited<
  ReturnType<ReturnType<typeof withAuthorQuery>['executeTakeFirstOrThrow']>
>;

/** A row of withAuthorQuery as the chat's presenter takes it. */
const toMessageWithAuthor = ({
  a_slug,
  a_nick,
  a_nick_style,
  a_avatar,
  a_role,
  a_frame,
  a_gender,
  a_is_troll,
  g_category_id,
  g_title,
  g_file,
  g_width,
  g_height,
  r_user_id,
  r_room_id,
  r_deleted_at,
  r_text,
  r_slug,
  r_nick,
  r_is_troll,
  ...m
}: WithAuthorRow): MessageWithAuthor => ({
  ...m,
  reply:
    m.reply_to_id !== null && r_user_id !== null && r_room_id !== null && r_text !== null
      ? {
          id: m.reply_to_id,
          user_id: r_user_id,
          room_id: r_room_id,
          deleted_at: r_deleted_at,
          text: r_text,
          author: r_slug !== null && r_nick !== null ? { slug: r_slug, nick: r_nick } : null,
          author_is_troll: r_is_troll === 1,
        }
      : null,
  gif:
    m.gif_id !== null &&
    g_category_id !== null &&
    g_title !== null &&
    g_file !== null &&
    g_width !== null &&
    g_height !== null
      ? {
          id: m.gif_id,
          category_id: g_category_id,
          title: g_title,
          file: g_file,
          width: g_width,
          height: g_height,
        }
      : null,
  author: {
    id: m.user_id,
    slug: a_slug,
    nick: a_nick,
    nick_style: a_nick_style,
    avatar: a_avatar,
    role: a_role,
    frame: a_frame,
    gender: a_gender,
    is_troll: a_is_troll,
  },
});
