import * as notificationPolicy from '../../access/notification.policy';
import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { DB, NotificationRow } from '../../db/schema';
import { SqliteGroupCommit } from '../../db/sqlite-group-commit';
import type { NativeSqlite } from '../../db/sqlite-native';
import {
  PostgresNotificationGroups,
  type NewNotification,
  type StoredNotification,
} from './notification-groups.postgres';

/**
 * SQLite's store of a notification, run synchronously in a group commit: a notification
 * stored is counted in the same savepoint, and the notifications of one event-loop turn share
 * one commit.
 */
const SQLITE = {
  insert: `insert into notifications (user_id, kind, data, read_at, created_at)
    values (?, ?, ?, null, ?) returning *`,
  count: `insert into notification_counts (user_id, unread) values (?, 1)
    on conflict (user_id) do update set unread = notification_counts.unread + 1
    returning unread`,
};

/**
 * The notifications and each user's unread count (`notification_counts`, one row a user): every
 * change of what is unread moves the count in the same statement or transaction, by the rows it
 * changed, so the count stays the number of unread rows whatever runs at the same time.
 */
export class NotificationsRepository {
  /** New notifications go through their database's group commit. */
  private readonly store: (values: NewNotification) => Promise<StoredNotification>;

  constructor(
    private readonly db: Kysely<DB>,
    postgres: boolean,
  ) {
    if (postgres) {
      const groups = new PostgresNotificationGroups(db, (values) => this.insertOne(values));
      this.store = (values) => groups.insert(values);
    } else {
      const writer = new SqliteGroupCommit(db);
      this.store = (values) => writer.run((native) => storeOnSqlite(native, values));
    }
  }

  /**
   * Stores an unread notification and counts it; the row and the user's unread count now.
   * Those of one turn go together (a group commit on either database), so not inside another
   * transaction: on SQLite it waits for the connection a unit would hold.
   */
  insert(values: NewNotification): Promise<StoredNotification> {
    return this.store(values);
  }

  /** One notification on PostgreSQL in one statement: a group of one, or of a failed group. */
  private async insertOne(values: NewNotification): Promise<StoredNotification> {
    const { unread_now, ...stored } = await this.db
      .with('counted', (db) => countIn(db, values.user_id, 1).returning('unread'))
      .with('stored', (db) =>
        db
          .insertInto('notifications')
          .values({ ...values, read_at: null })
          .returningAll(),
      )
      .selectFrom(['stored', 'counted'])
      .selectAll('stored')
      .select('counted.unread as unread_now')
      .executeTakeFirstOrThrow();
    return { row: stored, unread: unread_now };
  }

  /** A user's notifications, newest first (index on user_id, id). */
  async page(userId: number, limit: number, offset: number): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where(notificationPolicy.listedFor(userId))
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(notificationPolicy.listedFor(userId))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The kept count (0034): one row, not a count over the unread ones. */
  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notification_counts')
      .select('unread')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.unread ?? 0;
  }

  /** The user's own notification only: another user's id is as good as missing. */
  async findOwn(userId: number, id: number): Promise<NotificationRow | undefined> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Marks one read unless it already is (the first read time stays). */
  async markRead(userId: number, id: number, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('notifications')
        .set({ read_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      await uncount(trx, userId, Number(result.numUpdatedRows));
    });
  }

  /**
   * Marks every unread one read; how many. Only the rows this marked leave the count: one
   * stored meanwhile, which this did not see, stays unread and counted.
   */
  async markAllRead(userId: number, at: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      const marked = Number(result.numUpdatedRows);
      await uncount(trx, userId, marked);
      return marked;
    });
  }

  /** The user's newest unread notifications of a kind (the partial index on unread rows). */
  async unreadOfKind(userId: number, kind: string, limit: number): Promise<NotificationRow[]> {
    return this.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('read_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Rewrites an unread notification's data (a grouped one growing); undefined once read. */
  async regroup(id: number, data: string, at: string): Promise<NotificationRow | undefined> {
    return this.db
      .updateTable('notifications')
      .set({ data, created_at: at })
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}

/** A notification and its user's count now, in SQLite's group commit. */
function storeOnSqlite({ prepare }: NativeSqlite, values: NewNotification): StoredNotification {
  const row = prepare(SQLITE.insert).get(
    values.user_id,
    values.kind,
    values.data,
    values.created_at,
  ) as NotificationRow;
  const { unread } = prepare(SQLITE.count).get(values.user_id) as { unread: number };
  return { row, unread };
}

/** Adds `n` to the user's count, making their row on the first one. */
function countIn(db: QueryCreator<DB>, userId: number, n: number) {
  return db
    .insertInto('notification_counts')
    .values({ user_id: userId, unread: n })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ unread: sql<number>`notification_counts.unread + ${n}` }),
    );
}

/** Takes `n` rows just marked read off the user's count. */
async function uncount(trx: Kysely<DB>, userId: number, n: number): Promise<void> {
  if (n === 0) return;
  await trx
    .updateTable('notification_counts')
    .set({ unread: sql<number>`unread - ${n}` })
    .where('user_id', '=', userId)
    .execute();
}
