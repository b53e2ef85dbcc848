import type { QuoteTab } from '@chat/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import * as messagePolicy from '../../access/message.policy';
import type { Viewer } from '../../access/viewer';
import type { DB, MessageRow, RoomRow } from '../../db/schema';

/** A kept message on a page of the quotes page, before the message itself is read. */
export interface KeptRef {
  message_id: number;
  room_id: number;
  room_name_ru: string;
  room_name_en: string;
  /** How many people keep it. */
  quoted_count: number;
  /** When it was last kept by anyone. */
  quoted_at: string;
}

/** What keeping a message asks of it, read in one query. */
export interface KeepTarget {
  message: Pick<MessageRow, 'id' | 'user_id' | 'room_id' | 'deleted_at'> & {
    author: { role: string; is_troll: number };
  };
  room: Pick<RoomRow, 'is_public'> | undefined;
  member: boolean;
}

type Listed = ExpressionBuilder<DB, 'messages' | 'users' | 'rooms'>;

export class QuotesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async add(userId: number, message: { id: number; user_id: number }, at: string): Promise<void> {
    await this.db
      .insertInto('quotes')
      .values({
        user_id: userId,
        message_id: message.id,
        author_id: message.user_id,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
  }

  async remove(userId: number, messageId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('quotes')
      .where('user_id', '=', userId)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async messageIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('quotes')
      .select('message_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(1000)
      .execute();
    return rows.map((r) => r.message_id);
  }

  /** The message to keep, its author, its room and whether the keeper is in it; undefined when none. */
  async target(messageId: number, userId: number): Promise<KeepTarget | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .leftJoin('rooms', 'rooms.id', 'messages.room_id')
      .leftJoin('room_users', (join) =>
        join
          .onRef('room_users.room_id', '=', 'messages.room_id')
          .on('room_users.user_id', '=', userId),
      )
      .select([
        'messages.id',
        'messages.user_id',
        'messages.room_id',
        'messages.deleted_at',
        'users.role',
        'users.is_troll',
        'rooms.is_public',
        'room_users.user_id as member_id',
      ])
      .where('messages.id', '=', messageId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { role, is_troll, is_public, member_id, ...message } = row;
    return {
      message: { ...message, author: { role, is_troll } },
      room: is_public === null ? undefined : { is_public },
      member: member_id !== null,
    };
  }

  /**
   * A page of the site's kept messages the viewer may see (message.policy.ts readableBy), with how
   * many keep each: `best` most kept first, `new` most recently kept first. Quotes are grouped
   * by message on their own index first; only the groups are joined to their messages.
   */
  async sitePage(
    viewer: Viewer,
    tab: Exclude<QuoteTab, 'mine'>,
    window: { limit: number; offset: number },
  ): Promise<KeptRef[]> {
    const kept = this.db
      .selectFrom('quotes')
      .select((eb) => [
        'quotes.message_id',
        eb.fn.countAll<number>().as('quoted_count'),
        eb.fn.max('quotes.created_at').as('quoted_at'),
      ])
      .groupBy('quotes.message_id')
      .as('kept');
    let query = this.db
      .selectFrom(kept)
      .innerJoin('messages', 'messages.id', 'kept.message_id')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .innerJoin('rooms', 'rooms.id', 'messages.room_id')
      .select([
        'kept.message_id',
        'kept.quoted_count',
        'kept.quoted_at',
        'messages.room_id',
        'rooms.name_ru as room_name_ru',
        'rooms.name_en as room_name_en',
      ])
      .where((eb) => messagePolicy.readableBy(viewer)(eb as unknown as Listed));
    query =
      tab === 'best'
        ? query.orderBy('kept.quoted_count', 'desc').orderBy('kept.message_id', 'desc')
        : query.orderBy('kept.quoted_at', 'desc').orderBy('kept.message_id', 'desc');
    const rows = await query.limit(window.limit).offset(window.offset).execute();
    return rows.map((r) => ({
      ...r,
      quoted_count: Number(r.quoted_count),
      quoted_at: String(r.quoted_at),
    }));
  }

  /** How many distinct kept messages the viewer may see. */
  async siteCount(viewer: Viewer): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .innerJoin('rooms', 'rooms.id', 'messages.room_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('quotes')
            .select('quotes.message_id')
            .whereRef('quotes.message_id', '=', 'messages.id'),
        ),
      )
      .where(messagePolicy.readableBy(viewer))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The viewer's own kept messages they may still see, the latest kept first. */
  async minePage(
    viewer: Viewer & { id: number },
    window: { limit: number; offset: number },
  ): Promise<
    { message_id: number; room_id: number; room_name_ru: string; room_name_en: string }[]
  > {
    return this.mine(viewer)
      .select([
        'quotes.message_id',
        'messages.room_id',
        'rooms.name_ru as room_name_ru',
        'rooms.name_en as room_name_en',
      ])
      .orderBy('quotes.created_at', 'desc')
      .orderBy('quotes.message_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  async mineCount(viewer: Viewer & { id: number }): Promise<number> {
    const row = await this.mine(viewer)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private mine(viewer: Viewer & { id: number }) {
    return this.db
      .selectFrom('quotes')
      .innerJoin('messages', 'messages.id', 'quotes.message_id')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .innerJoin('rooms', 'rooms.id', 'messages.room_id')
      .where('quotes.user_id', '=', viewer.id)
      .where((eb) => messagePolicy.readableBy(viewer)(eb as unknown as Listed));
  }

  /** How many keep each of these messages, and when each was last kept. */
  async keptCounts(
    messageIds: readonly number[],
  ): Promise<Map<number, { quoted_count: number; quoted_at: string }>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('quotes')
      .select((eb) => [
        'message_id',
        eb.fn.countAll<number>().as('quoted_count'),
        eb.fn.max('created_at').as('quoted_at'),
      ])
      .where('message_id', 'in', [...messageIds])
      .groupBy('message_id')
      .execute();
    return new Map(
      rows.map((r) => [
        r.message_id,
        { quoted_count: Number(r.quoted_count), quoted_at: String(r.quoted_at) },
      ]),
    );
  }

  /** Which of these messages the user keeps. */
  async keptBy(userId: number, messageIds: readonly number[]): Promise<Set<number>> {
    if (messageIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('quotes')
      .select('message_id')
      .where('user_id', '=', userId)
      .where('message_id', 'in', [...messageIds])
      .execute();
    return new Set(rows.map((r) => r.message_id));
  }

  /**
   * How many of a person's messages others keep (each message once, not deleted ones): one
   * range of the author index (0025-quotes-page.ts), a look-up of each message by key.
   */
  async keptOthersCount(authorId: number): Promise<number> {
    const row = await this.db
      .selectFrom('quotes')
      .innerJoin('messages', 'messages.id', 'quotes.message_id')
      .select((eb) => eb.fn.count<number>('quotes.message_id').distinct().as('n'))
      .where('quotes.author_id', '=', authorId)
      .where('quotes.user_id', '!=', authorId)
      .where('messages.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
