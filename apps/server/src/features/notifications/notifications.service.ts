import type { NotificationWire, PageMeta } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import { notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import type { NotificationsRepository } from './notifications.repository';
import { presentNotification } from './notifications.presenter';

export const NOTIFICATIONS_PAGE = 20;
/** How many of the newest notifications user data carries (the navbar dropdown). */
export const NOTIFICATIONS_IN_USER_DATA = 20;

/** How many unread notifications of a kind a grouped one is looked for among. */
const GROUPED_LOOKBACK = 50;

export interface NotificationsPage {
  data: NotificationWire[];
  meta: PageMeta & { unread: number };
}

/**
 * A user's notifications: other features call `notify`; the owner lists and reads them. Each
 * change reaches the user's open tabs on `private-user.{id}` through a domain event.
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Stores a notification for `userId` and announces it (`Notification` with the unread
   * count). `data` is what the web app renders: `{ type, user?, ... }`.
   */
  async notify(
    userId: number,
    kind: string,
    data: Record<string, unknown>,
  ): Promise<NotificationWire> {
    const { row, unread } = await this.repo.insert({
      user_id: userId,
      kind,
      data: JSON.stringify(data),
      created_at: nowIso(),
    });
    const notification = presentNotification(row);
    this.events.emit('notification.created', { userId, notification, unread });
    return notification;
  }

  /**
   * A grouped notification: while the user has an unread one of `kind` that `same` recognizes
   * (`data.type` and the thing it is about), it is rewritten with `merge(its data)` and sent
   * again with the same id (the web replaces it: "5 people liked …"), else a new one is made
   * with `merge(null)`. One at a time per user on this node, so two at once do not make two.
   */
  notifyGrouped(
    userId: number,
    kind: string,
    same: (data: Record<string, unknown>) => boolean,
    merge: (previous: Record<string, unknown> | null) => Record<string, unknown>,
  ): Promise<NotificationWire> {
    const key = `${userId}:${kind}`;
    const before = this.grouping.get(key) ?? Promise.resolve();
    const run = before
      .catch(() => undefined)
      .then(() => this.regroupOrNotify(userId, kind, same, merge));
    const tail = run.catch(() => undefined);
    this.grouping.set(key, tail);
    void tail.then(() => {
      if (this.grouping.get(key) === tail) this.grouping.delete(key);
    });
    return run;
  }

  private readonly grouping = new Map<string, Promise<unknown>>();

  private async regroupOrNotify(
    userId: number,
    kind: string,
    same: (data: Record<string, unknown>) => boolean,
    merge: (previous: Record<string, unknown> | null) => Record<string, unknown>,
  ): Promise<NotificationWire> {
    const unread = (await this.repo.unreadOfKind(userId, kind, GROUPED_LOOKBACK))
      .map(presentNotification)
      .find((n) => same(n.data));
    if (unread) {
      const row = await this.repo.regroup(unread.id, JSON.stringify(merge(unread.data)), nowIso());
      if (row) {
        const notification = presentNotification(row);
        const count = await this.repo.unreadCount(userId);
        this.events.emit('notification.created', { userId, notification, unread: count });
        return notification;
      }
    }
    return this.notify(userId, kind, merge(null));
  }

  unreadCount(userId: number): Promise<number> {
    return this.repo.unreadCount(userId);
  }

  async newest(userId: number): Promise<NotificationWire[]> {
    const rows = await this.repo.page(userId, NOTIFICATIONS_IN_USER_DATA, 0);
    return rows.map(presentNotification);
  }

  async page(userId: number, page: number): Promise<NotificationsPage> {
    const [rows, total, unread] = await Promise.all([
      this.repo.page(userId, NOTIFICATIONS_PAGE, (page - 1) * NOTIFICATIONS_PAGE),
      this.repo.count(userId),
      this.repo.unreadCount(userId),
    ]);
    return {
      data: rows.map(presentNotification),
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE)),
        per_page: NOTIFICATIONS_PAGE,
        total,
        unread,
      },
    };
  }

  /** Marks one of the user's own notifications read; anyone else's id is a 404. */
  async read(
    userId: number,
    id: number,
    exceptSocketId?: string,
  ): Promise<{ data: NotificationWire; unread: number }> {
    if (!(await this.repo.findOwn(userId, id))) throw notFound();
    await this.repo.markRead(userId, id, nowIso());
    const row = await this.repo.findOwn(userId, id);
    if (!row) throw notFound();
    const unread = await this.repo.unreadCount(userId);
    this.events.emit('notification.count', { userId, unread, exceptSocketId });
    return { data: presentNotification(row), unread };
  }

  /** Sets read_at on every unread one; the user's other tabs hear the count drop to 0. */
  async readAll(userId: number, exceptSocketId?: string): Promise<void> {
    await this.repo.markAllRead(userId, nowIso());
    this.events.emit('notification.count', { userId, unread: 0, exceptSocketId });
  }
}
