import type { RealtimeEventMap, RealtimeEventName } from '@chat/shared';
import { describe, expect, it, vi } from 'vitest';
import type { BalanceEventActions } from '../balance/balance-events';
import type { ComplaintEventActions } from '../complaints/cache';
import type { ImEventActions } from '../im/im-events';
import type { NotificationEventActions } from '../notifications/notification-events';
import type { PremiumEventActions } from '../premium/premium-events';
import type { SanctionEventActions } from '../sanctions/sanction-events';
import type { UploadEventActions } from '../uploads/upload-events';
import type { ChatEventActions } from '../chat/events';
import type { FriendshipEventActions } from '../profiles/friendship-events';
import type { IdentityEventActions } from './identity-events';
import type { VideoEventActions } from '../video/video-events';
import { createDispatcher } from './dispatcher';

function setup() {
  const calls: [string, unknown[]][] = [];
  // One recorder for every target: the action's name says which store it belongs to.
  const recorder = <T extends object>(prefix: string) =>
    new Proxy({} as T, {
      get:
        (_target, name: string) =>
        (...args: unknown[]) =>
          calls.push([`${prefix}${name}`, args]),
    });
  const chat = recorder<ChatEventActions>('');
  const im = recorder<ImEventActions>('im.');
  const uploads = recorder<UploadEventActions>('uploads.');
  const identity = recorder<IdentityEventActions>('identity.');
  const notifications = recorder<NotificationEventActions>('notifications.');
  const sanctions = recorder<SanctionEventActions>('sanctions.');
  const complaints = recorder<ComplaintEventActions>('complaints.');
  const balance = recorder<BalanceEventActions>('balance.');
  const premium = recorder<PremiumEventActions>('premium.');
  const friendship = recorder<FriendshipEventActions>('friendship.');
  const video = recorder<VideoEventActions>('video.');
  const requireUpdate = vi.fn();
  const dispatcher = createDispatcher({
    chat: () => chat,
    im: () => im,
    uploads: () => uploads,
    notifications: () => notifications,
    identity: () => identity,
    sanctions: () => sanctions,
    complaints: () => complaints,
    balance: () => balance,
    premium: () => premium,
    friendship: () => friendship,
    video: () => video,
    rolesUpdated: (p) => calls.push(['rolesUpdated', [p]]),
    catalogUpdated: (p) => calls.push(['catalogUpdated', [p]]),
    requireUpdate,
    sessionEnded: (p) => calls.push(['sessionEnded', [p]]),
  });
  return { calls, requireUpdate, dispatcher };
}

// Which store action each server event lands in; typed so that a new event must be listed here.
type Route =
  | keyof ChatEventActions
  | `im.${keyof ImEventActions}`
  | `uploads.${keyof UploadEventActions}`
  | `identity.${keyof IdentityEventActions}`
  | `notifications.${keyof NotificationEventActions}`
  | `sanctions.${keyof SanctionEventActions}`
  | `complaints.${keyof ComplaintEventActions}`
  | `balance.${keyof BalanceEventActions}`
  | `premium.${keyof PremiumEventActions}`
  | `friendship.${keyof FriendshipEventActions}`
  | `video.${keyof VideoEventActions}`
  | 'rolesUpdated'
  | 'catalogUpdated'
  | 'requireUpdate'
  | 'sessionEnded';
// An event some stores all hear lists each, in the order called; `null`: heard by no store yet.
const ROUTES: { [K in RealtimeEventName]: Route | readonly Route[] | null } = {
  UpdateRequired: 'requireUpdate',
  UserUpdated: ['identity.userUpdated', 'sanctions.userUpdated'],
  AvatarUpdated: 'identity.avatarUpdated',
  AvatarRemoved: 'identity.avatarRemoved',
  UserNickUpdated: 'identity.nickUpdated',
  UserFrameUpdated: 'identity.frameUpdated',
  AntitrollUpdated: 'trollUpdated',
  UserLeftTheChat: 'userLeftChat',
  MessageStored: 'messageStored',
  MessageUpdated: 'messageUpdated',
  MessageDeletedFromEveryone: 'messageDeleted',
  'Like.ReactionStored': 'reactionStored',
  'Like.ReactionDeleted': 'reactionDeleted',
  UserEnteredTheRoom: 'userEntered',
  UserWentOffline: 'userWentOffline',
  RoomAvailable: 'roomAvailable',
  FriendshipUpdated: 'friendship.friendshipUpdated',
  RolesUpdated: 'rolesUpdated',
  CatalogUpdated: 'catalogUpdated',
  UserRoomStateUpdated: 'userStateUpdated',
  UserStatusUpdated: 'userStatusUpdated',
  UserVisibilityUpdated: 'userVisibilityUpdated',
  RoomUpdated: 'roomUpdated',
  AttachmentReady: 'uploads.attachmentReady',
  'Im.ChannelStored': 'im.channelStored',
  'Im.MessageStored': 'im.messageStored',
  'Im.MessagesCountUpdated': 'im.countUpdated',
  'Im.MessagesRead': 'im.messagesRead',
  'Im.MessageDeleted': 'im.messageDeleted',
  'Im.MessageRestored': 'im.messageRestored',
  SessionEnded: 'sessionEnded',
  Notification: 'notifications.notificationReceived',
  NotificationsCountUpdated: 'notifications.countUpdated',
  UserBanned: 'sanctions.userBanned',
  'Complaint.Updated': 'complaints.updated',
  'Complaint.CommentStored': 'complaints.commentStored',
  BalanceUpdated: 'balance.balanceUpdated',
  MyPremiumUpdated: 'premium.myPremiumUpdated',
  PremiumUpdated: 'premium.premiumUpdated',
  // Heard by the open thread's page (the `forum` target), which this setup does not bind.
  'Forum.PostStored': null,
  'Forum.PostUpdated': null,
  'Forum.PostDeleted': null,
  'Forum.ThreadUpdated': null,
  // Heard by the open art post's page (the `art` target), which this setup does not bind.
  'Art.CommentStored': null,
  'Art.CommentDeleted': null,
  'Art.LikesUpdated': null,
  'Video.ParticipantJoined': 'video.participantJoined',
  'Video.ParticipantUpdated': 'video.participantUpdated',
  'Video.ParticipantLeft': 'video.participantLeft',
  'Video.Signal': 'video.signal',
  'Video.Ended': 'video.ended',
};

describe('dispatcher', () => {
  it.each(Object.entries(ROUTES))('routes %s to %s', (event, action) => {
    const { calls, requireUpdate, dispatcher } = setup();
    const payload = { marker: event } as unknown as RealtimeEventMap[RealtimeEventName];
    expect(dispatcher.server('presence-room.1', event, payload)).toBe(true);
    if (action === 'requireUpdate') expect(requireUpdate).toHaveBeenCalledTimes(1);
    else {
      const actions = action === null ? [] : typeof action === 'string' ? [action] : action;
      expect(calls).toEqual(actions.map((name) => [name, [payload]]));
    }
  });

  it('ignores pusher internals, unknown events and payloads that are not objects', () => {
    const { calls, dispatcher } = setup();
    expect(dispatcher.server('common', 'pusher:subscription_succeeded', {})).toBe(false);
    expect(dispatcher.server('common', 'SomethingNew', {})).toBe(false);
    expect(dispatcher.server('presence-room.1', 'MessageStored', 'text')).toBe(false);
    expect(dispatcher.server('presence-room.1', 'toString', {})).toBe(false);
    expect(calls).toEqual([]);
  });

  it('routes a typing whisper to its room, and disbelieves a sender posing as another', () => {
    const { calls, dispatcher } = setup();
    const typing = { user_id: 3, nick: 'Anna', typing: true };
    expect(dispatcher.client('presence-room.4', 'client-typing', typing, '3')).toBe(true);
    expect(dispatcher.client('presence-room.4', 'client-typing', typing, '5')).toBe(false);
    expect(dispatcher.client('private-chat', 'client-typing', typing, undefined)).toBe(false);
    expect(dispatcher.client('presence-room.4', 'client-typing', { user_id: '3' }, '3')).toBe(
      false,
    );
    expect(calls).toEqual([['typingReceived', [4, typing]]]);
  });
});
