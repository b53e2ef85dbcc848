import type { ChatMessage, RoomSummary, RoomUser } from '../chat/wire';
import type { ChannelKindName } from './channels';
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
  ForumPostDeletedEvent,
  ForumPostStoredEvent,
  ForumPostUpdatedEvent,
  ForumThreadUpdatedEvent,
} from '../forum/wire';
import type { ArtComment } from '../art/wire';
import type { CatalogUpdatedEvent } from '../admin/wire';
import type {
  BalanceUpdatedEvent,
  MyPremiumUpdatedEvent,
  PremiumUpdatedEvent,
} from '../economy/wire';
import type {
  VideoEndedEvent,
  VideoParticipantEvent,
  VideoParticipantLeftEvent,
  VideoSignalEvent,
} from '../video/wire';

/**
 * Every realtime event the server sends, by the kind of channel that carries it, with its
 * payload: the one event map both ends are typed from (DESIGN.md rule 6). Names are the spec's,
 * with a dot for the namespace. A feature adds its events to its channel's map here, and
 * documents them in event-docs.ts (the docs' table is made from it).
 */
/** Events on `common`: every visitor. */
export interface CommonChannelEvents {
  /** When a node starts a build the open tabs do not have. */
  UpdateRequired: { build_key: string };
}

/** Events on `private-chat`: every signed-in person; news about people that every chat screen shows. */
export interface ChatChannelEvents {
  /** A user's profile fields changed. */
  UserUpdated: { user: PublicUser };
  /** A user left every room at once. */
  UserLeftTheChat: { user_id: number };
  /** A user set a new avatar (its URL). */
  AvatarUpdated: AvatarUpdatedEvent;
  /** A user removed their avatar. */
  AvatarRemoved: { user_id: number };
  /** A user restyled their nick. */
  UserNickUpdated: NickUpdatedEvent;
  /** A user chose or removed a frame (the spec names the field `userId`). */
  UserFrameUpdated: FrameUpdatedEvent;
  /**
   * A gag, ban or full ban was given. The sanctioned person's clients set their
   * gag or ban (details from GET /api/my/ban); everyone else removes that user's messages, and on
   * a full ban the user from every room. When a sanction ends, `UserUpdated` follows.
   */
  UserBanned: UserBannedEvent;
  /** Someone's premium began or ended (nick styles, marks in user lists). */
  PremiumUpdated: PremiumUpdatedEvent;
  /**
   * A public room appeared (created, or a private one made public): it joins the room menus of
   * those not in it. Never sent for a private room.
   */
  RoomAvailable: { room: RoomSummary };
  /** An admin changed a catalogue (smileys, fonts, settings...): open tabs read that part again. */
  CatalogUpdated: CatalogUpdatedEvent;
}

/** Events on `presence-room.{id}`: the members of one room. */
export interface RoomChannelEvents {
  /** A new message (the wire message of API.md). */
  MessageStored: ChatMessage;
  /** Its author edited a message: the message as it now is (same audience as MessageStored). */
  MessageUpdated: ChatMessage;
  /** The author or a moderator deleted a message for everyone. */
  MessageDeletedFromEveryone: { id: number; room_id: number };
  /** On `presence-room.{id}` (not `common` as in the original: private rooms stay private). */
  'Like.ReactionStored': ReactionEvent;
  'Like.ReactionDeleted': ReactionEvent;
  /** On `presence-room.{id}`. */
  UserEnteredTheRoom: { room_id: number; user: RoomUser };
  /**
   * The member's last socket in the room closed (a few seconds' grace, or the activity timeout):
   * off the room's list until they come back (`UserEnteredTheRoom`). They stay a member.
   */
  UserWentOffline: { room_id: number; user_id: number };
  /** On `presence-room.{id}`; state 4 (leaving) removes the user from the list. */
  UserRoomStateUpdated: { room_id: number; user_id: number; state_id: number };
  /** On `presence-room.{id}` of each room the user is in. */
  UserStatusUpdated: { room_id: number; user_id: number; status: string | null };
  /**
   * A member went invisible or visible again; `user` is their entry, so that those who never
   * saw them (they entered while the member was invisible) can add them when visible.
   */
  UserVisibilityUpdated: { room_id: number; user_id: number; invisible: boolean; user: RoomUser };
  /** The owner or an admin changed the room. */
  RoomUpdated: { room: RoomSummary };
  /** Someone joined the room's call (or took it over from another tab of theirs). */
  'Video.ParticipantJoined': VideoParticipantEvent;
  /** Someone's microphone, camera, screen, moderator mute or connection changed. */
  'Video.ParticipantUpdated': VideoParticipantEvent;
  /** Someone is out of the call: left, removed, banned, out of the room, or dropped. */
  'Video.ParticipantLeft': VideoParticipantLeftEvent;
}

/** Events on `private-user.{id}`: one person's own events, on every tab of theirs. */
export interface UserChannelEvents {
  /** A new notification and the unread count. */
  Notification: NotificationEvent;
  /** The notifications' unread count changed (read one, read all). */
  NotificationsCountUpdated: { unread: number };
  /** This device (by session id) was signed out; its tabs drop the session. */
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
  /** On `private-user.{id}` of the reporters and the assignee: a complaint changed. */
  'Complaint.Updated': ComplaintWire;
  /** On `private-user.{id}` of the reporters and the assignee: a new comment in the thread. */
  'Complaint.CommentStored': { complaint_id: number; comment: ComplaintComment };
  /** The wallet after a credit or debit (all the person's tabs). */
  BalanceUpdated: BalanceUpdatedEvent;
  /** The person's premium changed (bought, given, ended). */
  MyPremiumUpdated: MyPremiumUpdatedEvent;
  /**
   * A moderator marked or unmarked a troll: to those who may see trolls only (issue 19, point
   * 13), never to the troll.
   */
  AntitrollUpdated: { user_id: number; troll: boolean };
  /**
   * Where the person now stands with `user_id` (a request sent or received, accepted, removed):
   * an open profile of that user follows. To both people.
   */
  FriendshipUpdated: { user_id: number; friendship: 'friend' | 'incoming' | 'outgoing' | null };
  /** The person's roles changed: their tabs read their permissions again (menus follow). */
  RolesUpdated: { roles: string[] };
  /** WebRTC negotiation from another participant of the person's call (only its `call_id` tab). */
  'Video.Signal': VideoSignalEvent;
  /** The person's hold on a call ended without their leaving (removed, banned, another tab). */
  'Video.Ended': VideoEndedEvent;
}

/** Events on `forum-thread.{id}`: whoever has the thread open (anyone who may see it). */
export interface ForumChannelEvents {
  /** A reply everyone may see (a held or refused post is never sent). */
  'Forum.PostStored': ForumPostStoredEvent;
  /** A post's text changed, or moderation released it: the post as everyone now sees it. */
  'Forum.PostUpdated': ForumPostUpdatedEvent;
  /** A post was deleted, or moderation took it from everyone. */
  'Forum.PostDeleted': ForumPostDeletedEvent;
  /** A moderator pinned, locked, moved, renamed or deleted the thread. */
  'Forum.ThreadUpdated': ForumThreadUpdatedEvent;
}

/** Events on `art-post.{id}`: whoever has the post open (only what everyone may see). */
export interface ArtChannelEvents {
  /** A comment everyone may see (without `abilities`: the web derives them). */
  'Art.CommentStored': { post_id: number; comment: ArtComment };
  /** A comment was deleted, or moderation took it from everyone. */
  'Art.CommentDeleted': { post_id: number; comment_id: number };
  /** Someone liked the post or took a like back: the counter now. */
  'Art.LikesUpdated': { post_id: number; likes_count: number };
}

export interface RealtimeEventsByChannel {
  common: CommonChannelEvents;
  chat: ChatChannelEvents;
  room: RoomChannelEvents;
  user: UserChannelEvents;
  forum: ForumChannelEvents;
  art: ArtChannelEvents;
}

export type RealtimeEventMap = CommonChannelEvents &
  ChatChannelEvents &
  RoomChannelEvents &
  UserChannelEvents &
  ForumChannelEvents &
  ArtChannelEvents;

export interface ReactionEvent {
  likeable_id: number;
  likeable_type: 'message';
  room_id: number;
  reaction: string;
  user: { id: number; slug: string; nick: string };
}

export type RealtimeEventName = keyof RealtimeEventMap;

/** The events a kind of channel carries. */
export type EventsOf<K extends ChannelKindName> = RealtimeEventsByChannel[K];

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
