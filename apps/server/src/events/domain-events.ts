import type { FastifyBaseLogger } from 'fastify';
import type {
  Attachment,
  PublicUser,
  ChatMessage,
  ImChannel,
  ImCountEvent,
  ImMessage,
  ImReadEvent,
  NickStyle,
  NotificationWire,
  ReactionEvent,
  RoomSummary,
  RoomUser,
  ComplaintComment,
  ComplaintWire,
  UserBannedEvent,
  PremiumState,
  WalletWire,
  ForumPost,
  ArtComment,
  CatalogPart,
  VideoEndReason,
  VideoParticipant,
  VideoSignalEvent,
} from '@chat/shared';

/**
 * Facts the services announce after their transaction commits (DESIGN.md rule 5). Listeners
 * (realtime delivery, later notifications) derive everything else from these.
 */
export interface DomainEventMap {
  'build.started': { buildKey: string };
  /** A person's public profile fields changed (as everyone sees them). */
  'user.updated': { user: PublicUser };
  /** `seers`: the accounts that may see trolls, the only ones told (never the troll). */
  'user.troll': { userId: number; troll: boolean; seers: number[] };
  /** `rooms`: those the user is in, and whether invisible there (then only admins hear it). */
  'user.status': {
    userId: number;
    status: string | null;
    rooms: { roomId: number; invisible: boolean }[];
  };
  /** Identity changes (features/my): `avatar` null when removed. */
  'user.avatar': { userId: number; avatar: string | null };
  'user.nick': { userId: number; nick: NickStyle };
  'user.frame': { userId: number; frame: string | null };
  /** The account was deleted (its row stays anonymised); features drop what they keep of it. */
  'user.deleted': { userId: number };
  /** An admin changed a part of the site's catalogues or settings (features/admin). */
  'catalog.updated': { part: CatalogPart };
  /** `troll`: the author is a troll, whose message reaches only them and troll seers. */
  'chat.message.stored': { message: ChatMessage; exceptSocketId?: string; troll?: boolean };
  /** Its author edited it: the message as the whole room may see it. */
  'chat.message.updated': { message: ChatMessage; troll?: boolean };
  'chat.message.deleted': { id: number; roomId: number };
  'chat.reaction.stored': ReactionEvent;
  'chat.reaction.deleted': ReactionEvent;
  'chat.user.entered': { roomId: number; user: RoomUser; exceptSocketId?: string };
  /** `invisible`: the member is invisible in that room (only admins hear of them). */
  'chat.user.state': { roomId: number; userId: number; stateId: number; invisible: boolean };
  'chat.user.visibility': { roomId: number; userId: number; invisible: boolean };
  'chat.user.left_chat': { userId: number };
  /**
   * A member's sockets left the room (after the grace) or came back (issue 20, point 3); the
   * membership is unchanged. `invisible`: only those who may see invisible people hear it.
   */
  'chat.user.presence': { roomId: number; userId: number; present: boolean; invisible: boolean };
  /** A public room appeared (created, or made public): others' room menus list it. */
  'chat.room.available': { room: RoomSummary };
  /** Where `userId` now stands with `otherId` (emitted once for each of the two). */
  'friends.changed': {
    userId: number;
    otherId: number;
    friendship: 'friend' | 'incoming' | 'outgoing' | null;
  };
  /** An admin changed the user's role: their tabs read their permissions again. */
  'user.roles': { userId: number; roles: string[] };
  'chat.room.updated': { room: RoomSummary };
  'attachment.ready': { userId: number; attachment: Attachment };
  /** One party's view of a private channel (each party gets their own). */
  'im.channel.stored': { userId: number; channel: ImChannel };
  /** `parties`: the two people of the channel. */
  'im.message.stored': { message: ImMessage; parties: [number, number] };
  'im.message.deleted': { message: ImMessage; parties: [number, number] };
  'im.message.restored': { message: ImMessage; parties: [number, number] };
  'im.count.updated': { userId: number; count: ImCountEvent };
  /** To the author: the other person read their messages up to `read.last_read_id`. */
  'im.messages.read': { authorId: number; read: ImReadEvent };
  /** A notification was stored for `userId`; `unread` is their count after it. */
  'notification.created': { userId: number; notification: NotificationWire; unread: number };
  /** The user read one or all; their other tabs (not `exceptSocketId`) hear the new count. */
  'notification.count': { userId: number; unread: number; exceptSocketId?: string | undefined };
  /** A new session: `otherSessions` counts the account's other devices (0 unless `login`). */
  'auth.signed_in': {
    userId: number;
    sessionId: number;
    how: 'login' | 'register' | 'guest';
    userAgent: string;
    ip: string;
    otherSessions: number;
  };
  /**
   * Too many wrong passwords for `userId` from anywhere (issue 19, point 11): sign-in is closed
   * for the rest of the window; the account is told once per window.
   */
  'auth.sign_in_locked': { userId: number; minutes: number };
  /**
   * The account's password was set anew by a mailed reset link (issue 24, point 5): every
   * session has ended, and the account is told from where (`userAgent`, `ip` of the reset).
   */
  'auth.password_reset': { userId: number; userAgent: string; ip: string };
  /**
   * A device (session) of `userId` was signed out: its subscriptions end. `close`: from
   * elsewhere (another device, a password change, pruning), so its sockets close too; a tab
   * that signed itself out keeps its socket for the public channel and the next sign-in.
   */
  'session.ended': { userId: number; sessionId: number; close: boolean };
  /** A gag, ban or full ban was given (after its transaction, and after a full ban's room exits). */
  'moderation.sanctioned': { ban: UserBannedEvent };
  /**
   * A user's active sanctions changed (given, lifted, expired): the ends now in force, null when
   * none. The realtime server keeps these to refuse client events and channels.
   */
  'moderation.sanctions': { userId: number; gagUntil: string | null; banUntil: string | null };
  /** A complaint changed; `recipients`: its reporters and assignee. */
  'complaint.updated': { complaint: ComplaintWire; recipients: number[] };
  'complaint.comment': { complaintId: number; comment: ComplaintComment; recipients: number[] };
  /** A user's wallet changed (after the transaction that wrote its ledger rows). */
  'wallet.changed': { userId: number; wallet: WalletWire };
  /** A user's premium began, was extended or ended; `user` is the row as it now is. */
  'premium.changed': { userId: number; premium: PremiumState };
  /**
   * A forum post was stored (a new thread's first post included). `post` is as every reader
   * sees it (no abilities); `public`: false while it is held for review or refused, and then
   * only its author and moderators may hear of it. `mentions`: users named `@nick` in it.
   */
  'forum.post.stored': {
    post: ForumPost;
    thread: ForumThreadRef;
    authorId: number;
    public: boolean;
    mentions: number[];
  };
  /** Its author or a moderator edited it, or moderation changed its status. */
  'forum.post.updated': { post: ForumPost; thread: ForumThreadRef; public: boolean };
  /** `deletedBy`: who deleted it (a moderator's deletion of another's post is logged). */
  'forum.post.deleted': {
    postId: number;
    thread: ForumThreadRef;
    authorId: number | null;
    deletedBy: number;
  };
  /** A moderator pinned, locked, moved, renamed or deleted a thread. */
  'forum.thread.updated': {
    thread: ForumThreadRef;
    pinned: boolean;
    locked: boolean;
    deleted: boolean;
  };
  /**
   * An art post was published; `public`: everyone may see it (neither held nor refused).
   * Art events carry ids: listeners read what they tell from the rows (features/art).
   */
  'art.post.stored': { postId: number; authorId: number; public: boolean };
  /** Its author or a moderator edited it, or moderation changed its status. */
  'art.post.updated': { postId: number; public: boolean };
  /** `deletedBy`: who deleted it (a moderator's deletion of another's post is logged). */
  'art.post.deleted': { postId: number; authorId: number | null; deletedBy: number };
  /** A like came (`liked`) or went; `likesCount`: the post's counter after it. */
  'art.post.liked': { postId: number; userId: number; likesCount: number; liked: boolean };
  /** A comment was stored; `comment` as everyone sees it (no abilities). */
  'art.comment.stored': {
    comment: ArtComment;
    postId: number;
    postAuthorId: number | null;
    authorId: number;
    public: boolean;
  };
  /** Its author or a moderator deleted it, or moderation took it from everyone. */
  'art.comment.deleted': {
    commentId: number;
    postId: number;
    authorId: number | null;
    deletedBy: number | null;
  };
  /** A person joined a room's call (features/video). */
  'video.joined': { roomId: number; participant: VideoParticipant };
  /**
   * A participant changed what they send, a moderator muted or unmuted them, they were made a
   * watcher, or they went reconnecting or came back.
   */
  'video.updated': { roomId: number; participant: VideoParticipant };
  /**
   * A hold on a room's call ended: `callId` is the hold's; `reason` null when the person left
   * by themselves, else why the server ended it (the person is told on their own channel).
   */
  'video.left': { roomId: number; userId: number; callId: string; reason: VideoEndReason | null };
  /** A negotiation message for `userId`'s hold on a call (`signal.call_id`). */
  'video.signal': { userId: number; signal: VideoSignalEvent };
}

/** The thread a forum event is about. */
export interface ForumThreadRef {
  id: number;
  slug: string;
  subject: string;
  categoryId: number;
}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Listener<never>[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener);
    this.listeners.set(name, list);
  }

  /** Runs every listener; one failing listener is logged and does not stop the others. */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    for (const listener of (this.listeners.get(name) ?? []) as Listener<K>[]) {
      try {
        const result = listener(payload);
        if (result instanceof Promise)
          result.catch((error: unknown) =>
            this.log.error({ err: error, event: name }, 'event listener failed'),
          );
      } catch (error) {
        this.log.error({ err: error, event: name }, 'event listener failed');
      }
    }
  }
}
