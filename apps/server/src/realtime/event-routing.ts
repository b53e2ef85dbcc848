import { CHAT_CHANNEL, COMMON_CHANNEL, roomChannel, userChannel } from '@chat/shared';
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
  events.on('user.avatar', ({ userId, avatar }) => {
    if (avatar === null) broadcaster.send(CHAT_CHANNEL, 'AvatarRemoved', { user_id: userId });
    else broadcaster.send(CHAT_CHANNEL, 'AvatarUpdated', { user_id: userId, avatar });
  });
  events.on('user.nick', ({ userId, nick }) => {
    broadcaster.send(CHAT_CHANNEL, 'UserNickUpdated', { user_id: userId, nick });
  });
  events.on('user.frame', ({ userId, frame }) => {
    broadcaster.send(CHAT_CHANNEL, 'UserFrameUpdated', { userId, frame });
  });
  events.on('user.troll', ({ userId, troll }) => {
    // Nothing tells a troll they are one: their own sockets do not hear it.
    broadcaster.send(
      CHAT_CHANNEL,
      'AntitrollUpdated',
      { user_id: userId, troll },
      { exceptUserId: userId },
    );
  });
  events.on('moderation.sanctions', ({ userId, gagUntil, banUntil }) => {
    broadcaster.sanctions(userId, gagUntil, banUntil);
  });
  events.on('moderation.sanctioned', ({ ban }) => {
    broadcaster.send(CHAT_CHANNEL, 'UserBanned', ban);
  });
  events.on('complaint.updated', ({ complaint, recipients }) => {
    for (const userId of recipients) {
      broadcaster.send(userChannel(userId), 'Complaint.Updated', complaint);
    }
  });
  events.on('complaint.comment', ({ complaintId, comment, recipients }) => {
    for (const userId of recipients) {
      broadcaster.send(userChannel(userId), 'Complaint.CommentStored', {
        complaint_id: complaintId,
        comment,
      });
    }
  });
  events.on('wallet.changed', ({ userId, wallet }) => {
    broadcaster.send(userChannel(userId), 'BalanceUpdated', wallet);
  });
  events.on('premium.changed', ({ user, premium }) => {
    broadcaster.send(userChannel(user.id), 'MyPremiumUpdated', { premium, wallet: null });
    broadcaster.send(CHAT_CHANNEL, 'PremiumUpdated', { user_id: user.id, data: premium });
  });
  events.on('user.status', ({ userId, status, roomIds }) => {
    for (const roomId of roomIds) {
      broadcaster.send(roomChannel(roomId), 'UserStatusUpdated', {
        room_id: roomId,
        user_id: userId,
        status,
      });
    }
  });
  events.on('chat.user.left_chat', ({ userId }) => {
    broadcaster.send(CHAT_CHANNEL, 'UserLeftTheChat', { user_id: userId });
  });
  events.on('chat.message.stored', ({ message, exceptSocketId }) => {
    broadcaster.send(
      roomChannel(message.room_id),
      'MessageStored',
      message,
      exceptSocketId ? { exceptSocketId } : {},
    );
  });
  events.on('chat.message.deleted', ({ id, roomId }) => {
    broadcaster.send(roomChannel(roomId), 'MessageDeletedFromEveryone', { id, room_id: roomId });
  });
  events.on('chat.reaction.stored', (reaction) => {
    broadcaster.send(roomChannel(reaction.room_id), 'Like.ReactionStored', reaction);
  });
  events.on('chat.reaction.deleted', (reaction) => {
    broadcaster.send(roomChannel(reaction.room_id), 'Like.ReactionDeleted', reaction);
  });
  events.on('chat.user.entered', ({ roomId, user, exceptSocketId }) => {
    broadcaster.send(
      roomChannel(roomId),
      'UserEnteredTheRoom',
      { room_id: roomId, user },
      exceptSocketId ? { exceptSocketId } : {},
    );
  });
  events.on('chat.user.state', ({ roomId, userId, stateId }) => {
    broadcaster.send(roomChannel(roomId), 'UserRoomStateUpdated', {
      room_id: roomId,
      user_id: userId,
      state_id: stateId,
    });
  });
  events.on('chat.user.visibility', ({ roomId, userId, invisible }) => {
    broadcaster.send(roomChannel(roomId), 'UserVisibilityUpdated', {
      room_id: roomId,
      user_id: userId,
      invisible,
    });
  });
  events.on('chat.room.updated', ({ room }) => {
    broadcaster.send(roomChannel(room.id), 'RoomUpdated', { room });
  });
  // Private messages: only the two people of a channel, each on their own user channel.
  events.on('im.channel.stored', ({ userId, channel }) => {
    broadcaster.send(userChannel(userId), 'Im.ChannelStored', channel);
  });
  events.on('im.message.stored', ({ message, parties }) => {
    broadcaster.send(parties.map(userChannel), 'Im.MessageStored', message);
  });
  events.on('im.message.deleted', ({ message, parties }) => {
    broadcaster.send(parties.map(userChannel), 'Im.MessageDeleted', message);
  });
  events.on('im.message.restored', ({ message, parties }) => {
    broadcaster.send(parties.map(userChannel), 'Im.MessageRestored', message);
  });
  events.on('im.count.updated', ({ userId, count }) => {
    broadcaster.send(userChannel(userId), 'Im.MessagesCountUpdated', count);
  });
  events.on('im.messages.read', ({ authorId, read }) => {
    broadcaster.send(userChannel(authorId), 'Im.MessagesRead', read);
  });
  events.on('attachment.ready', ({ userId, attachment }) => {
    broadcaster.send(userChannel(userId), 'AttachmentReady', attachment);
  });
  // Notifications and devices: only the user's own channel (every open tab of the account).
  events.on('notification.created', ({ userId, notification, unread }) => {
    broadcaster.send(userChannel(userId), 'Notification', { notification, unread });
  });
  events.on('notification.count', ({ userId, unread, exceptSocketId }) => {
    broadcaster.send(
      userChannel(userId),
      'NotificationsCountUpdated',
      { unread },
      exceptSocketId ? { exceptSocketId } : {},
    );
  });
  events.on('session.ended', ({ userId, sessionId }) => {
    // The event first, so the device's tabs learn why; then its sockets close (4009).
    broadcaster.send(userChannel(userId), 'SessionEnded', { session_id: sessionId });
    broadcaster.disconnectSession(sessionId);
  });
}
