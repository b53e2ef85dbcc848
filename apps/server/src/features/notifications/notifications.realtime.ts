import { userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Notifications: only the person's own channel (every open tab of theirs). */
export function notificationsRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('notification.created', ({ userId, notification, unread }) => {
    rt.send(userChannel(userId), 'Notification', { notification, unread });
  });
  events.on('notification.count', ({ userId, unread, exceptSocketId }) => {
    rt.send(userChannel(userId), 'NotificationsCountUpdated', { unread }, { exceptSocketId });
  });
}
