import type { NotificationEvent } from '@chat/shared';

/**
 * What the realtime dispatcher calls (`private-user.{id}`). Apart from store.ts, which the
 * dispatcher must not import: the store reaches the chat store, and that the connection.
 */
export interface NotificationEventActions {
  notificationReceived(event: NotificationEvent): void;
  countUpdated(event: { unread: number }): void;
}
