import { CHAT_CHANNEL, roomChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** People's identity and status, as every chat screen shows them. */
export function usersRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('user.updated', ({ user }) => {
    rt.send(CHAT_CHANNEL, 'UserUpdated', { user });
  });
  events.on('user.avatar', ({ userId, avatar }) => {
    if (avatar === null) rt.send(CHAT_CHANNEL, 'AvatarRemoved', { user_id: userId });
    else rt.send(CHAT_CHANNEL, 'AvatarUpdated', { user_id: userId, avatar });
  });
  events.on('user.nick', ({ userId, nick }) => {
    rt.send(CHAT_CHANNEL, 'UserNickUpdated', { user_id: userId, nick });
  });
  events.on('user.frame', ({ userId, frame }) => {
    rt.send(CHAT_CHANNEL, 'UserFrameUpdated', { userId, frame });
  });
  // Where the person is invisible, only those who may see them learn of a new status.
  events.on('user.status', ({ userId, status, rooms }) => {
    for (const { roomId, invisible } of rooms) {
      rt.send(
        roomChannel(roomId),
        'UserStatusUpdated',
        { room_id: roomId, user_id: userId, status },
        invisible ? { hiddenMember: userId } : {},
      );
    }
  });
}
