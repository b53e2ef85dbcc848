import {
  parseChannel,
  type ClientEventMap,
  type RealtimeEventMap,
  type RealtimeEventName,
} from '@chat/shared';
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
import type { ArtEventActions } from '../art/live';
import type { VideoEventActions } from '../video/video-events';

/** An open forum thread's live changes (`forum-thread.{id}`); bound while a thread is shown. */
export interface ForumEventActions {
  postStored(payload: RealtimeEventMap['Forum.PostStored']): void;
  postUpdated(payload: RealtimeEventMap['Forum.PostUpdated']): void;
  postDeleted(payload: RealtimeEventMap['Forum.PostDeleted']): void;
  threadUpdated(payload: RealtimeEventMap['Forum.ThreadUpdated']): void;
}

/** The stores an event can change. Getters, so that the dispatcher never holds stale state. */
export interface DispatchTargets {
  chat: () => ChatEventActions;
  im: () => ImEventActions;
  uploads: () => UploadEventActions;
  /** The bell: a new notification, or the unread count changed elsewhere. */
  notifications: () => NotificationEventActions;
  /** A user restyled: chat, messenger, navbar and open profiles at once. */
  identity: () => IdentityEventActions;
  /** Gags and bans: mine (the session), another's (the chat). */
  sanctions: () => SanctionEventActions;
  /** A complaint changed, or its thread grew: the complaint's page and the lists. */
  complaints: () => ComplaintEventActions;
  /** My wallet changed: the navbar's total and the balance page. */
  balance: () => BalanceEventActions;
  /** Premium bought, given or ended: mine (session, perks), another's (marks in lists). */
  premium: () => PremiumEventActions;
  /** Where I stand with someone changed: their open profile follows. */
  friendship: () => FriendshipEventActions;
  /** Video calls: who is in a room's call (presence), and my call's signals and end (mine). */
  video: () => VideoEventActions;
  /** An admin changed my role: my permissions are read again (menus follow). */
  rolesUpdated: (payload: RealtimeEventMap['RolesUpdated']) => void;
  /** An admin changed a catalogue: that part is read again (features/admin/catalog-events.ts). */
  catalogUpdated: (payload: RealtimeEventMap['CatalogUpdated']) => void;
  requireUpdate: () => void;
  /** A session of this account was signed out; the tab drops its own if it was this one. */
  sessionEnded: (payload: RealtimeEventMap['SessionEnded']) => void;
  /** The forum thread shown now, if any (null: no page listens). */
  forum?: () => ForumEventActions | null;
  /** The art post shown now, if any (`art-post.{id}`; null: no page listens). */
  art?: () => ArtEventActions | null;
}

/** One handler per server event: a missing event is a type error here (DESIGN.md rule 6). */
type ServerHandlers = { [K in RealtimeEventName]: (payload: RealtimeEventMap[K]) => void };
/**
 * Client events carry the room in their channel's name. They come from other browsers, not from
 * the server, so each has a check of its shape before any store sees it.
 */
type ClientHandlers = {
  [K in keyof ClientEventMap]: {
    valid: (data: Record<string, unknown>) => boolean;
    handle: (payload: ClientEventMap[K], roomId: number) => void;
  };
};

export interface Dispatcher {
  /** A server event on a channel; false when it is not one the web app handles. */
  server(channel: string, event: string, data: unknown): boolean;
  /**
   * A client event (`client-*`) on a room's channel. `senderId` is the user id the server put on
   * it (presence channels): a client claiming to be someone else is not believed.
   */
  client(channel: string, event: string, data: unknown, senderId: string | undefined): boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The one place where realtime events become store actions (zulip's server_events_dispatch). */
export function createDispatcher(targets: DispatchTargets): Dispatcher {
  const chat = targets.chat;
  const server: ServerHandlers = {
    UpdateRequired: () => targets.requireUpdate(),
    UserUpdated: (p) => {
      targets.identity().userUpdated(p);
      targets.sanctions().userUpdated(p);
    },
    AvatarUpdated: (p) => targets.identity().avatarUpdated(p),
    AvatarRemoved: (p) => targets.identity().avatarRemoved(p),
    UserNickUpdated: (p) => targets.identity().nickUpdated(p),
    UserFrameUpdated: (p) => targets.identity().frameUpdated(p),
    AntitrollUpdated: (p) => chat().trollUpdated(p),
    FriendshipUpdated: (p) => targets.friendship().friendshipUpdated(p),
    RolesUpdated: (p) => targets.rolesUpdated(p),
    CatalogUpdated: (p) => targets.catalogUpdated(p),
    UserLeftTheChat: (p) => chat().userLeftChat(p),
    MessageStored: (p) => chat().messageStored(p),
    MessageUpdated: (p) => chat().messageUpdated(p),
    MessageDeletedFromEveryone: (p) => chat().messageDeleted(p),
    'Like.ReactionStored': (p) => chat().reactionStored(p),
    'Like.ReactionDeleted': (p) => chat().reactionDeleted(p),
    UserEnteredTheRoom: (p) => chat().userEntered(p),
    UserWentOffline: (p) => chat().userWentOffline(p),
    RoomAvailable: (p) => chat().roomAvailable(p),
    UserRoomStateUpdated: (p) => chat().userStateUpdated(p),
    UserStatusUpdated: (p) => chat().userStatusUpdated(p),
    UserVisibilityUpdated: (p) => chat().userVisibilityUpdated(p),
    RoomUpdated: (p) => chat().roomUpdated(p),
    AttachmentReady: (p) => targets.uploads().attachmentReady(p),
    'Im.ChannelStored': (p) => targets.im().channelStored(p),
    'Im.MessageStored': (p) => targets.im().messageStored(p),
    'Im.MessagesCountUpdated': (p) => targets.im().countUpdated(p),
    'Im.MessagesRead': (p) => targets.im().messagesRead(p),
    'Im.MessageDeleted': (p) => targets.im().messageDeleted(p),
    'Im.MessageRestored': (p) => targets.im().messageRestored(p),
    SessionEnded: (p) => targets.sessionEnded(p),
    Notification: (p) => targets.notifications().notificationReceived(p),
    NotificationsCountUpdated: (p) => targets.notifications().countUpdated(p),
    UserBanned: (p) => targets.sanctions().userBanned(p),
    'Complaint.Updated': (p) => targets.complaints().updated(p),
    'Complaint.CommentStored': (p) => targets.complaints().commentStored(p),
    BalanceUpdated: (p) => targets.balance().balanceUpdated(p),
    MyPremiumUpdated: (p) => targets.premium().myPremiumUpdated(p),
    PremiumUpdated: (p) => targets.premium().premiumUpdated(p),
    'Forum.PostStored': (p) => targets.forum?.()?.postStored(p),
    'Forum.PostUpdated': (p) => targets.forum?.()?.postUpdated(p),
    'Forum.PostDeleted': (p) => targets.forum?.()?.postDeleted(p),
    'Forum.ThreadUpdated': (p) => targets.forum?.()?.threadUpdated(p),
    'Art.CommentStored': (p) => targets.art?.()?.commentStored(p),
    'Art.CommentDeleted': (p) => targets.art?.()?.commentDeleted(p),
    'Art.LikesUpdated': (p) => targets.art?.()?.likesUpdated(p),
    'Video.ParticipantJoined': (p) => targets.video().participantJoined(p),
    'Video.ParticipantUpdated': (p) => targets.video().participantUpdated(p),
    'Video.ParticipantLeft': (p) => targets.video().participantLeft(p),
    'Video.Signal': (p) => targets.video().signal(p),
    'Video.Ended': (p) => targets.video().ended(p),
  };
  const client: ClientHandlers = {
    'client-typing': {
      valid: (d) =>
        Number.isInteger(d.user_id) &&
        typeof d.nick === 'string' &&
        d.nick.length <= 64 &&
        typeof d.typing === 'boolean',
      handle: (p, roomId) => chat().typingReceived(roomId, p),
    },
  };

  return {
    server: (_channel, event, data) => {
      if (!Object.hasOwn(server, event) || !isRecord(data)) return false;
      // The payload's shape is the server's promise (the shared event map types both ends).
      const handle = server[event as RealtimeEventName] as (payload: unknown) => void;
      handle(data);
      return true;
    },
    client: (channel, event, data, senderId) => {
      const parsed = parseChannel(channel);
      if (parsed.kind !== 'room' || !Object.hasOwn(client, event) || !isRecord(data)) return false;
      const { valid, handle } = client[event as keyof ClientEventMap];
      if (!valid(data)) return false;
      if (senderId !== undefined && String(data.user_id) !== senderId) return false;
      (handle as (payload: unknown, roomId: number) => void)(data, parsed.roomId);
      return true;
    },
  };
}
