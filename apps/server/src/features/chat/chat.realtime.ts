import { CHAT_CHANNEL, ROOM_STATE, roomChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';
import { presentRoomUser } from './chat.presenter';
import type { RoomsRepository } from './rooms.repository';

/** The entry as everyone is told it: nobody's own ignore flag in it. */
const NOBODY: ReadonlySet<number> = new Set();

/** The rooms: messages, reactions and people, on each room's presence channel. */
export function chatRealtime(
  events: DomainEvents,
  rt: Broadcaster,
  rooms: Pick<RoomsRepository, 'members'>,
): void {
  events.on('chat.user.left_chat', ({ userId }) => {
    rt.send(CHAT_CHANNEL, 'UserLeftTheChat', { user_id: userId });
  });
  events.on('chat.message.stored', ({ message, exceptSocketId, troll }) => {
    rt.send(roomChannel(message.room_id), 'MessageStored', message, {
      exceptSocketId,
      // The shadow ban: only the troll and those who may see trolls hear a troll's message.
      ...(troll ? { trollAuthor: message.user.id } : {}),
    });
  });
  // An edit reaches whom the message itself reached.
  events.on('chat.message.updated', ({ message, troll }) => {
    rt.send(
      roomChannel(message.room_id),
      'MessageUpdated',
      message,
      troll ? { trollAuthor: message.user.id } : {},
    );
  });
  events.on('chat.message.deleted', ({ id, roomId }) => {
    rt.send(roomChannel(roomId), 'MessageDeletedFromEveryone', { id, room_id: roomId });
  });
  events.on('chat.reaction.stored', (reaction) => {
    rt.send(roomChannel(reaction.room_id), 'Like.ReactionStored', reaction);
  });
  events.on('chat.reaction.deleted', (reaction) => {
    rt.send(roomChannel(reaction.room_id), 'Like.ReactionDeleted', reaction);
  });
  events.on('chat.user.entered', ({ roomId, user, exceptSocketId }) => {
    rt.send(
      roomChannel(roomId),
      'UserEnteredTheRoom',
      { room_id: roomId, user },
      { exceptSocketId, ...(user.invisible ? { hiddenMember: user.id } : {}) },
    );
  });
  events.on('chat.user.state', ({ roomId, userId, stateId, invisible }) => {
    const channel = roomChannel(roomId);
    rt.send(
      channel,
      'UserRoomStateUpdated',
      { room_id: roomId, user_id: userId, state_id: stateId },
      invisible ? { hiddenMember: userId } : {},
    );
    // Whoever left the room stops hearing it at once, on every tab and node.
    if (stateId === ROOM_STATE.leaving) rt.unsubscribe(userId, channel);
  });
  // Going invisible: those who may see invisible people learn it; for the others the member
  // leaves the list (as if gone), with nothing that says they are still there. Visible again:
  // everyone gets the entry, so those who never saw the member can list them.
  events.on('chat.user.visibility', async ({ roomId, userId, invisible }) => {
    const channel = roomChannel(roomId);
    const [member] = await rooms.members(roomId, userId);
    if (member) {
      const entry = presentRoomUser(member, NOBODY);
      const event = { room_id: roomId, user_id: userId, invisible, user: entry };
      if (invisible) {
        rt.send(channel, 'UserVisibilityUpdated', event, { hiddenMember: userId });
        rt.send(
          channel,
          'UserRoomStateUpdated',
          { room_id: roomId, user_id: userId, state_id: ROOM_STATE.leaving },
          { othersThanSeersOf: userId },
        );
      } else {
        rt.send(channel, 'UserVisibilityUpdated', event);
      }
    }
    await rt.setMemberHidden(channel, userId, invisible);
  });
  // Presence: gone (the last tab closed a few seconds ago) or back, the membership unchanged.
  // Back, the member is told as an arrival, with their entry as the room lists it.
  events.on('chat.user.presence', async ({ roomId, userId, present, invisible }) => {
    const channel = roomChannel(roomId);
    const hidden = invisible ? { hiddenMember: userId } : {};
    if (!present) {
      rt.send(channel, 'UserWentOffline', { room_id: roomId, user_id: userId }, hidden);
      return;
    }
    const [member] = await rooms.members(roomId, userId);
    if (member)
      rt.send(
        channel,
        'UserEnteredTheRoom',
        { room_id: roomId, user: presentRoomUser(member, NOBODY) },
        hidden,
      );
  });
  // A public room appeared: everyone's room menu may list it (a private one is never told).
  events.on('chat.room.available', ({ room }) => {
    if (room.public) rt.send(CHAT_CHANNEL, 'RoomAvailable', { room });
  });
  events.on('chat.room.updated', ({ room }) => {
    rt.send(roomChannel(room.id), 'RoomUpdated', { room });
  });
}
