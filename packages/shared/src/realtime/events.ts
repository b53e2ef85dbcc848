import type { ChatMessage, RoomSummary, RoomUser } from '../chat/wire';
import type { PublicUser } from '../schemas/user';
import type { ImChannel, ImCountEvent, ImMessage, ImReadEvent } from '../im/wire';
import type { Attachment } from '../uploads/wire';
import type {
  AvatarUpdatedEvent,
  FrameUpdatedEvent,
  NickUpdatedEvent,
  NotificationEvent,
} from '../profiles/wire';
import type { ComplaintComment, ComplaintWire, UserBannedEvent } from '../moderation/wire';
import type {
  BalanceUpdatedEvent,
  MyPremiumUpdatedEvent,
  PremiumUpdatedEvent,
} from '../economy/wire';

/**
 * Every realtime event the server sends, by name, with its payload: the one event map both ends
 * are typed from (DESIGN.md rule 6). Names are the spec's, with a dot for the namespace.
 * Features add their events here as they land.
 */
export interface RealtimeEventMap {
  /** On `common` when a node starts a build the open tabs do not have. */
  UpdateRequired: { build_key: string };
  /** On `private-chat`: a user's profile fields changed. */
  UserUpdated: { user: PublicUser };
  /** On `private-chat`: a moderator marked or unmarked a troll. */
  AntitrollUpdated: { user_id: number; troll: boolean };
  /** On `private-chat`: a user left every room at once. */
  UserLeftTheChat: { user_id: number };
  /** On `presence-room.{id}`: a new message (the wire message of API.md). */
  MessageStored: ChatMessage;
  /** On `presence-room.{id}`: the author or a moderator deleted a message for everyone. */
  MessageDeletedFromEveryone: { id: number; room_id: number };
  /** On `presence-room.{id}` (not `common` as in the original: private rooms stay private). */
  'Like.ReactionStored': ReactionEvent;
  'Like.ReactionDeleted': ReactionEvent;
  /** On `presence-room.{id}`. */
  UserEnteredTheRoom: { room_id: number; user: RoomUser };
  /** On `presence-room.{id}`; state 4 (leaving) removes the user from the list. */
  UserRoomStateUpdated: { room_id: number; user_id: number; state_id: number };
  /** On `presence-room.{id}` of each room the user is in. */
  UserStatusUpdated: { room_id: number; user_id: number; status: string | null };
  /** On `presence-room.{id}`: invisible users are shown only to admins. */
  UserVisibilityUpdated: { room_id: number; user_id: number; invisible: boolean };
  /** On `presence-room.{id}`: the owner or an admin changed the room. */
  RoomUpdated: { room: RoomSummary };
  /** On `private-chat`: a user set a new avatar (its URL). */
  AvatarUpdated: AvatarUpdatedEvent;
  /** On `private-chat`: a user removed their avatar. */
  AvatarRemoved: { user_id: number };
  /** On `private-chat`: a user restyled their nick. */
  UserNickUpdated: NickUpdatedEvent;
  /** On `private-chat`: a user chose or removed a frame (the spec names the field `userId`). */
  UserFrameUpdated: FrameUpdatedEvent;
  /** On `private-user.{id}`: a new notification and the unread count. */
  Notification: NotificationEvent;
  /** On `private-user.{id}`: the notifications' unread count changed (read one, read all). */
  NotificationsCountUpdated: { unread: number };
  /** On `private-user.{id}`: this device (by session id) was signed out; its tabs drop the session. */
  SessionEnded: { session_id: number };
  /** On `private-user.{id}` of the uploader: processing ended (`complete` or `error`). */
  AttachmentReady: Attachment;
  /** On `private-user.{id}` of both people: a channel appeared or changed (the viewer's view). */
  'Im.ChannelStored': ImChannel;
  /** On `private-user.{id}` of both people: a new private message. */
  'Im.MessageStored': ImMessage;
  /** On `private-user.{id}` of the reader: unread totals after a read or a new message. */
  'Im.MessagesCountUpdated': ImCountEvent;
  /** On `private-user.{id}` of the author: the other person read up to `last_read_id`. */
  'Im.MessagesRead': ImReadEvent;
  /** On `private-user.{id}` of both people: the message as it now is (`deleted: 1`). */
  'Im.MessageDeleted': ImMessage;
  /** On `private-user.{id}` of both people: the restored message (`deleted: 0`). */
  'Im.MessageRestored': ImMessage;
  /**
   * On `private-chat`: a gag, ban or full ban was given. The sanctioned person's clients set their
   * gag or ban (details from GET /api/my/ban); everyone else removes that user's messages, and on
   * a full ban the user from every room. When a sanction ends, `UserUpdated` follows.
   */
  UserBanned: UserBannedEvent;
  /** On `private-user.{id}` of the reporters and the assignee: a complaint changed. */
  'Complaint.Updated': ComplaintWire;
  /** On `private-user.{id}` of the reporters and the assignee: a new comment in the thread. */
  'Complaint.CommentStored': { complaint_id: number; comment: ComplaintComment };
  /** On `private-user.{id}`: the wallet after a credit or debit (all the person's tabs). */
  BalanceUpdated: BalanceUpdatedEvent;
  /** On `private-user.{id}`: the person's premium changed (bought, given, ended). */
  MyPremiumUpdated: MyPremiumUpdatedEvent;
  /** On `private-chat`: someone's premium began or ended (nick styles, marks in user lists). */
  PremiumUpdated: PremiumUpdatedEvent;
}

export interface ReactionEvent {
  likeable_id: number;
  likeable_type: 'message';
  room_id: number;
  reaction: string;
  user: { id: number; slug: string };
}

export type RealtimeEventName = keyof RealtimeEventMap;

/** Client events (`client-*`) the web app sends on presence channels. */
export interface ClientEventMap {
  'client-typing': { user_id: number; nick: string; typing: boolean };
}

/** Presence member info as signed into `channel_data`. */
export interface PresenceMemberInfo {
  id: number;
  slug: string;
  nick: string;
  roles: string[];
}
