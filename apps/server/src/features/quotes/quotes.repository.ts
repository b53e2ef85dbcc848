import type { QuoteTab } from '@chat/shared';
import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from 'kysely';
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
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Keeps a message for a person, and counts the keeping in quote_counts in the same
   * transaction; keeping it again changes nothing. The counter is an increment under the
   * counts row's lock, so keepings at once by many are each counted.
   */
  async add(userId: number, message: { id: number; user_id: number }, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const kept = await trx
        .insertInto('quotes')
        .values({
          user_id: userId,
          message_id: message.id,
          author_id: message.user_id,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
        .returning('message_id')
        .executeTakeFirst();
      if (!kept) return;
      await trx
        .insertInto('quote_counts')
        .values({ message_id: message.id, quoted_count: 1, quoted_at: at })
        .onConflict((oc) =>
          oc.column('message_id').doUpdateSet({
            quoted_count: sql<number>`quote_counts.quoted_count + 1`,
            quoted_at: sql<string>`case when excluded.quoted_at > quote_counts.quoted_at
              then excluded.quoted_at else quote_counts.quoted_at end`,
          }),
        )
        .execute();
    });
  }

  /** Lets a kept message go, uncounting it; false when the person did not keep it. */
  async remove(userId: number, messageId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // PostgreSQL: those letting the same message go wait here in turn, so each one's latest
      // keeping below is read after the previous one committed (a statement's subquery reads
      // as of its start, not as of the lock it then waited for).
      if (this.postgres)
        await trx
          .selectFrom('quote_counts')
          .select('message_id')
          .where('message_id', '=', messageId)
          .forUpdate()
          .execute();
      const gone = await trx
        .deleteFrom('quotes')
        .where('user_id', '=', userId)
        .where('message_id', '=', messageId)
        .returning('message_id')
        .executeTakeFirst();
      if (!gone) return false;
      await trx
        .updateTable('quote_counts')
        .set({
          quoted_count: sql<number>`quote_counts.quoted_count - 1`,
          // The latest keeping of those left (kept as it was when none is left: the row goes).
          quoted_at: sql<string>`coalesce((select max(quotes.created_at) from quotes
            where quotes.message_id = quote_counts.message_id), quote_counts.quoted_at)`,
        })
        .where('message_id', '=', messageId)
        .execute();
      await trx
        .deleteFrom('quote_counts')
        .where('message_id', '=', messageId)
        .where('quoted_count', '<=', 0)
        .execute();
      return true;
    });
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
   * A page of the site's kept messages the viewer may see (message.policy.ts readableBy), with
   * how many keep each: `best` most kept first, `new` most recently kept first, the newer
   * message first on a tie. quote_counts is read in its index's order, so a page joins only
   * the rows up to it to their messages.
   */
  async sitePage(
    viewer: Viewer,
    tab: Exclude<QuoteTab, 'mine'>,
    window: { limit: number; offset: number },
  ): Promise<KeptRef[]> {
    const first = tab === 'best' ? 'kept.quoted_count' : 'kept.quoted_at';
    return this.site(viewer)
      .select([
        'kept.message_id',
        'kept.quoted_count',
        'kept.quoted_at',
        'messages.room_id',
        'rooms.name_ru as room_name_ru',
        'rooms.name_en as room_name_en',
      ])
      .orderBy(first, 'desc')
      .orderBy('kept.message_id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute();
  }

  /** One kept message as a page lists it, when the viewer may see it. */
  async siteOne(viewer: Viewer, messageId: number): Promise<KeptRef | undefined> {
    return this.site(viewer)
      .select([
        'kept.message_id',
        'kept.quoted_count',
        'kept.quoted_at',
        'messages.room_id',
        'rooms.name_ru as room_name_ru',
        'rooms.name_en as room_name_en',
      ])
      .where('kept.message_id', '=', messageId)
      .executeTakeFirst();
  }

  /**
   * How many kept messages the viewer may see, counting no further than `cap`: past it the
   * pages are empty anyway, and a count of all would join every kept message per request.
   */
  async siteCount(viewer: Viewer, cap: number): Promise<number> {
    const rows = this.site(viewer).select(sql.lit(1).as('one')).limit(cap);
    const row = await this.db
      .selectFrom(rows.as('listed'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The kept messages with their messages, authors and rooms, as the viewer may see them. */
  private site(viewer: Viewer) {
    return this.db
      .selectFrom('quote_counts as kept')
      .innerJoin('messages', 'messages.id', 'kept.message_id')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .innerJoin('rooms', 'rooms.id', 'messages.room_id')
      .where((eb) => messagePolicy.readableBy(viewer)(eb as unknown as Listed));
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
      .selectFrom('quote_counts')
      .select(['message_id', 'quoted_count', 'quoted_at'])
      .where('message_id', 'in', [...messageIds])
      .execute();
    return new Map(rows.map(({ message_id, ...kept }) => [message_id, kept]));
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
