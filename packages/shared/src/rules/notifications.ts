/** Notification kinds (spec section 4). */
export const NOTIFICATION_KINDS = [
  'new',
  'bonus-every-day',
  'gift',
  'gift-coins',
  'invoice-has-paid',
  // Added by moderation (issue 9): a moderator's warning, a complaint's answer or new comment,
  // a profile text or photo refused or restored.
  'warning',
  'complaint',
  'content',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly unknown[]).includes(value);
}

export interface NotificationItem {
  id: number;
  /** When the user read it; null while unread. */
  read_at: string | null;
  [key: string]: unknown;
}

export interface NotificationsState<T extends NotificationItem = NotificationItem> {
  items: T[];
  unread: number;
}

function isUnread(item: NotificationItem): boolean {
  return item.read_at === null;
}

/**
 * A new notification goes to the front and counts as unread when it has no read time
 * (spec section 4). An id already in the list is replaced rather than shown twice, since a
 * realtime event may be delivered again after a reconnect; the counter then only changes by the
 * difference between the old and the new copy.
 */
export function addNotification<T extends NotificationItem>(
  state: NotificationsState<T>,
  notification: T,
): NotificationsState<T> {
  const previous = state.items.find((item) => item.id === notification.id);
  const rest =
    previous === undefined ? state.items : state.items.filter((item) => item !== previous);
  const delta =
    (isUnread(notification) ? 1 : 0) - (previous !== undefined && isUnread(previous) ? 1 : 0);
  return {
    items: [notification, ...rest],
    unread: Math.max(0, state.unread + delta),
  };
}

/** Every unread notification gets `now` as its read time; the counter drops to 0 (spec section 4). */
export function markAllRead<T extends NotificationItem>(
  state: NotificationsState<T>,
  now: string,
): NotificationsState<T> {
  return {
    items: state.items.map((item) => (isUnread(item) ? { ...item, read_at: now } : item)),
    unread: 0,
  };
}

/**
 * Marks one notification read. The read call answers with the server's unread count (spec
 * section 7), which wins over local counting because other tabs and devices read too; without it
 * the counter drops by one when the item was unread here.
 */
export function markRead<T extends NotificationItem>(
  state: NotificationsState<T>,
  id: number,
  now: string,
  unreadFromServer?: number,
): NotificationsState<T> {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id || !isUnread(item)) {
      return item;
    }
    changed = true;
    return { ...item, read_at: now };
  });
  const serverCount =
    unreadFromServer !== undefined && Number.isInteger(unreadFromServer) && unreadFromServer >= 0
      ? unreadFromServer
      : undefined;
  return {
    items,
    unread: serverCount ?? Math.max(0, state.unread - (changed ? 1 : 0)),
  };
}
