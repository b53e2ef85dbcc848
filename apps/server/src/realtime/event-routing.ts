import { CHAT_CHANNEL, COMMON_CHANNEL } from '@chat/shared';
import type { DomainEvents } from '../events/domain-events';
import { presentPublicUser } from '../features/users/user.presenter';
import type { Broadcaster } from './broadcaster';

/**
 * The one place where domain events become realtime events: which channel hears what, and in
 * which shape. Features add a line here when they add an event.
 */
export function routeDomainEvents(events: DomainEvents, broadcaster: Broadcaster): void {
  events.on('build.started', ({ buildKey }) => {
    broadcaster.send(COMMON_CHANNEL, 'UpdateRequired', { build_key: buildKey });
  });
  events.on('user.updated', ({ user }) => {
    broadcaster.send(CHAT_CHANNEL, 'UserUpdated', { user: presentPublicUser(user) });
  });
}
