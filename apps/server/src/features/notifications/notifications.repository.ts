import * as notificationPolicy from '../../access/notification.policy';
import type { Kysely } from 'kysely';
import type { DB, NotificationRow } from '../../db/schema';

export class NotificationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: Omit<NotificationRow, 'id'>): Promise<NotificationRow> {
    return this.db.insertInto('notifications').values(row).returningAll().executeTakeFirstOrThrow();
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

  /** Served by the partial index on unread rows (migration 0008). */
  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(notificationPolicy.listedFor(userId))
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
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
    await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }

  async markAllRead(userId: number, at: string): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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
