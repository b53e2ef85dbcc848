import { userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Friendships: each of the two people hears where they now stand, so open profiles follow. */
export function friendsRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('friends.changed', ({ userId, otherId, friendship }) => {
    rt.send(userChannel(userId), 'FriendshipUpdated', { user_id: otherId, friendship });
  });
}
