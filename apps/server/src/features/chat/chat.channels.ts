import type { ClientEventMap } from '@chat/shared';
import type { ChannelRegistry } from '../../realtime/channel-registry';
import { isBanned } from '../moderation/sanctions';
import { hasPermission } from '../users/user.presenter';
import { presentMemberInfo } from '../users/users.channels';
import type { RoomsRepository } from './rooms.repository';

/**
 * The chat's channels: `private-chat` for every signed-in person, and each room's presence
 * channel for its members, not while banned. An invisible member is hidden there from all but
 * those allowed to see invisible people; typing is the one client event, and who types comes
 * from the sender's seat, never from what the browser wrote.
 */
export function registerChatChannels(
  channels: ChannelRegistry,
  rooms: Pick<RoomsRepository, 'membership'>,
): void {
  channels.register({ kind: 'chat', maySubscribe: () => true });
  channels.register({
    kind: 'room',
    maySubscribe: (user) => !isBanned(user),
    presence: async (user, { roomId }) => {
      const membership = await rooms.membership(roomId, user.id);
      if (!membership) return null;
      return {
        info: {
          ...presentMemberInfo(user),
          ...(membership.invisible === 1 ? { invisible: true as const } : {}),
        },
        seesHidden: hasPermission(user, 'user.invisible.view'),
      };
    },
    clientEvents: {
      'client-typing': (data, seat): ClientEventMap['client-typing'] | null => {
        const typing = (data as { typing?: unknown } | null)?.typing;
        if (typeof typing !== 'boolean') return null;
        return { user_id: Number(seat.userId), nick: seat.nick, typing };
      },
    },
  });
}
