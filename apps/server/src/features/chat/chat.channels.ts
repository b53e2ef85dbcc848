import type { ClientEventMap } from '@chat/shared';
import { canSeeTrolls } from '../../access/message.policy';
import { maySubscribe, seesInvisible } from '../../access/room.policy';
import { viewerOf } from '../../access/viewer';
import type { ChannelKinds } from '../../realtime/channel-registry';
import { presentMemberInfo } from '../users/users.channels';
import type { RoomPresence } from './room-presence';
import type { RoomsRepository } from './rooms.repository';

/**
 * The chat's channels: `private-chat` for every signed-in person, and each room's presence
 * channel for its members, not while banned. An invisible member is hidden there from all but
 * those allowed to see invisible people; typing is the one client event, and who types comes
 * from the sender's seat, never from what the browser wrote.
 */
export function registerChatChannels(
  channels: ChannelKinds,
  rooms: Pick<RoomsRepository, 'membership'>,
  presence: Pick<RoomPresence, 'changed'>,
): void {
  channels.register({ kind: 'chat', maySubscribe: () => true });
  channels.register({
    kind: 'room',
    // Membership is read once, by `presence` (a room channel is always a presence channel).
    maySubscribe: (user) => !viewerOf(user).banned,
    presence: async (user, { roomId }) => {
      const viewer = viewerOf(user);
      const membership = await rooms.membership(roomId, user.id);
      if (!maySubscribe(viewer, { member: membership !== undefined }) || !membership) return null;
      return {
        info: {
          ...presentMemberInfo(user),
          ...(membership.invisible === 1 ? { invisible: true as const } : {}),
        },
        seesHidden: seesInvisible(viewer),
        // Trolls' messages reach this socket only if the viewer may see trolls.
        seesTrolls: canSeeTrolls(viewer),
      };
    },
    // A member's first socket in the room, or their last one gone: shown as there or not.
    presenceChanged: ({ roomId }, userId, present) => presence.changed(roomId, userId, present),
    clientEvents: {
      'client-typing': (data, seat): ClientEventMap['client-typing'] | null => {
        const typing = (data as { typing?: unknown } | null)?.typing;
        if (typeof typing !== 'boolean') return null;
        return { user_id: Number(seat.userId), nick: seat.nick, typing };
      },
    },
  });
}
