import type { ChannelKindName } from './channels';
import type { ClientEventMap, EventsOf } from './events';

/** One event's line in docs/realtime.md: who on the channel gets it, its payload, its cause. */
export interface EventDoc {
  /** Who of the channel's listeners hears it, when not all of them. */
  to?: string;
  payload: string;
  raisedBy: string;
}

/**
 * The event catalogue of docs/realtime.md, by channel kind: the type demands a line for every
 * event of each kind's map and nothing else, so the table cannot miss an event nor put one on
 * the wrong channel. `npm run docs:realtime` writes the table; a test fails when it is stale.
 * Kept out of the package's index: only the docs script and its test read it.
 */
export const EVENT_DOCS: { [K in ChannelKindName]: { [E in keyof EventsOf<K>]: EventDoc } } = {
  common: {
    UpdateRequired: {
      payload: '`{ build_key }`',
      raisedBy:
        'a node starting a build the site has not served before (again 15 s later, for tabs that were reconnecting)',
    },
  },
  chat: {
    UserUpdated: { payload: '`{ user }`', raisedBy: 'profile changes, a sanction ending' },
    UserLeftTheChat: { payload: '`{ user_id }`', raisedBy: '`POST /api/chat/leave`, a full ban' },
    AvatarUpdated: {
      payload: '`{ user_id, avatar }`',
      raisedBy: 'a new avatar (`POST /api/my/avatar`)',
    },
    AvatarRemoved: {
      payload: '`{ user_id }`',
      raisedBy: '`DELETE /api/my/avatar`, a moderator refusing the avatar',
    },
    UserNickUpdated: {
      payload: '`{ user_id, nick }`',
      raisedBy: 'a nick restyled (`/api/my/nick`)',
    },
    UserFrameUpdated: {
      payload: '`{ userId, frame }` (the spec names the field `userId`)',
      raisedBy: 'a frame chosen or removed (`/api/my/frame`), premium ending',
    },
    UserBanned: {
      payload: '`{ user_id, type_id, ... }` (API.md)',
      raisedBy:
        "a gag, ban or full ban given (`POST /api/moderation/bans`); the person's clients set it, the others drop their messages (a full ban: the person from every room)",
    },
    PremiumUpdated: {
      payload: '`{ user_id, data }`',
      raisedBy: "someone's premium began or ended (purchase, gift, expiry)",
    },
    CatalogUpdated: {
      payload:
        '`{ part }` (`fonts`, `frames`, `gifts`, `smileys`, `sounds`, `settings`, `pages`, `releases`, `permissions`)',
      raisedBy: 'an admin changed that part in the admin area; open tabs read it again',
    },
    RoomAvailable: {
      payload: '`{ room }` (a room summary without abilities)',
      raisedBy:
        '`POST /api/room` of a public room, `PATCH /api/room/{id}` making a room public; never a private room',
    },
  },
  room: {
    MessageStored: {
      to: "every member but the sender's socket when it sends `X-Socket-ID`; a troll's message only the troll and the members who may see trolls (`user.troll`)",
      payload: 'the chat message of API.md',
      raisedBy: '`POST /api/room/{id}/message`',
    },
    MessageUpdated: {
      to: "the same members as `MessageStored` (a troll's edit only the troll and those who may see trolls)",
      payload: 'the chat message as it now is (`edited_at` set; the web keeps its reactions)',
      raisedBy: '`PATCH /api/chat/message/{id}`',
    },
    MessageDeletedFromEveryone: {
      payload: '`{ id, room_id }`',
      raisedBy: '`DELETE /api/chat/message/delete_from_everyone/{id}`',
    },
    'Like.ReactionStored': {
      payload: '`{ likeable_id, likeable_type, room_id, reaction, user }`',
      raisedBy: 'a reaction added (on the room, not `common`: private rooms stay private)',
    },
    'Like.ReactionDeleted': {
      payload: '`{ likeable_id, likeable_type, room_id, reaction, user }`',
      raisedBy: 'a reaction removed',
    },
    UserEnteredTheRoom: {
      to: 'an invisible member: only those who may see invisible people',
      payload: '`{ room_id, user }` (a room user entry)',
      raisedBy:
        "`POST /api/room/{id}/enter`; a member's first socket back on the room's channel after `UserWentOffline`",
    },
    UserWentOffline: {
      to: 'an invisible member: only those who may see invisible people',
      payload: '`{ room_id, user_id }`',
      raisedBy:
        "the member's last socket on the room's channel closed (on every node), 5 s ago and not back; or the sweep found a member counted present with no socket. They stay a member; a socket back sends `UserEnteredTheRoom`",
    },
    UserRoomStateUpdated: {
      payload: '`{ room_id, user_id, state_id }`; 4 = leaving',
      raisedBy: '`POST /api/room/{id}/state`, leaving',
    },
    UserStatusUpdated: {
      to: 'an invisible member: only those who may see invisible people',
      payload: '`{ room_id, user_id, status }`',
      raisedBy: '`POST /api/user/status`',
    },
    UserVisibilityUpdated: {
      payload: '`{ room_id, user_id, invisible, user }` (`user`: the room user entry)',
      raisedBy: '`PATCH /api/room/{id}/visibility`',
    },
    RoomUpdated: { payload: '`{ room }`', raisedBy: '`PATCH /api/room/{id}`' },
    'Video.ParticipantJoined': {
      payload:
        '`{ room_id, participant }` (`user`, `audio`, `video`, `screen`, `watcher`, `muted_by_moderator`, `reconnecting`, `joined_at`)',
      raisedBy: '`POST /api/room/{id}/video/join`',
    },
    'Video.ParticipantUpdated': {
      payload: '`{ room_id, participant }`',
      raisedBy:
        '`POST /api/room/{id}/video/state`, `POST /api/room/{id}/video/moderate` (`mute`, `unmute`), a gag where gagged people may watch (made a `watcher`), the last socket of a participant closing (`reconnecting`) or coming back',
    },
    'Video.ParticipantLeft': {
      payload:
        '`{ room_id, user_id, reason }`: reason null (left), `removed`, `banned`, `left_room`, `elsewhere`, `dropped`',
      raisedBy:
        '`POST /api/room/{id}/video/leave`, a moderator removing them, a ban (or a gag where gagged people may not watch), leaving the room, another tab or room taking the call over, signing out the device that joined, the reconnect grace ending',
    },
  },
  user: {
    Notification: {
      payload:
        '`{ notification, unread }`: the new notification (`id`, `kind`, `data`, `read_at`, `created_at`) and the unread count after it',
      raisedBy:
        "any feature's `notifications.notify(...)`: a friend request or acceptance, a partner request, a mention while away, a sign-in from a new device, a gift",
    },
    NotificationsCountUpdated: {
      to: 'not the calling socket (`X-Socket-ID`)',
      payload: '`{ unread }`',
      raisedBy:
        '`POST /api/notifications/{id}/read`, `POST /api/notifications/read_all` (`unread: 0`)',
    },
    SessionEnded: {
      payload: '`{ session_id }`: that device was signed out',
      raisedBy:
        "`DELETE /api/my/sessions/{id}`, `DELETE /api/my/sessions`, a password change, pruning at sign-in; the session's sockets close right after (below). `POST /api/auth/logout` ends the session's subscriptions without it",
    },
    AttachmentReady: {
      to: 'the uploader',
      payload: 'the attachment (`id`, `status`: `complete` or `error`, its files)',
      raisedBy: 'the picture job finishing',
    },
    'Im.ChannelStored': {
      to: 'one party',
      payload:
        'the channel as that person sees it (`user` is the other one, `new_messages` theirs)',
      raisedBy:
        '`POST /api/im/channels` (to the opener); the first message of a channel (to the recipient, for whom it appears then)',
    },
    'Im.MessageStored': {
      to: 'both parties',
      payload: 'the private message',
      raisedBy: '`POST /api/im/channel/{id}` (not for a repeated `client_id`)',
    },
    'Im.MessagesCountUpdated': {
      to: 'the recipient / reader',
      payload: '`{ im_unread_count, channel_id, new_messages }`',
      raisedBy:
        'a new message (to the recipient); a read (to the reader, every tab); deleting or restoring an unread message (to the recipient)',
    },
    'Im.MessagesRead': {
      to: 'the author',
      payload:
        "`{ channel_id, reader_id, last_read_id, read_at }`: the author's messages up to `last_read_id` now have `read_at`",
      raisedBy: '`POST /api/im/channel/{id}/read` when it read something new',
    },
    'Im.MessageDeleted': {
      to: 'both parties',
      payload: 'the message as it now is (`deleted: 1`, without text and attachments)',
      raisedBy: '`DELETE /api/im/message/{id}`',
    },
    'Im.MessageRestored': {
      to: 'both parties',
      payload: 'the restored message (`deleted: 0`)',
      raisedBy: '`POST /api/im/message/{id}/restore`',
    },
    'Complaint.Updated': {
      to: 'the reporters and the assignee',
      payload: 'the complaint (API.md)',
      raisedBy: 'a complaint filed, taken, closed or reopened',
    },
    'Complaint.CommentStored': {
      to: 'the reporters and the assignee',
      payload: '`{ complaint_id, comment }`',
      raisedBy: '`POST /api/complaints/{id}/comments`',
    },
    BalanceUpdated: {
      payload: 'the wallet (`balance`, `bonus`)',
      raisedBy: 'any credit or debit: a paid invoice, the daily bonus, a purchase, coins sent',
    },
    MyPremiumUpdated: {
      payload: '`{ premium, wallet }`',
      raisedBy: 'premium bought, given or ended',
    },
    AntitrollUpdated: {
      to: "each account that may see trolls (`user.troll`), never the troll's own",
      payload: '`{ user_id, troll }`',
      raisedBy:
        "`POST`/`DELETE /api/moderation/trolls/{id}` (nobody else learns who is a troll: `GET /api/init` sends `trolls` only to `user.troll`, and the server leaves trolls' messages out of what others get)",
    },
    FriendshipUpdated: {
      to: 'both people, each with their own side',
      payload:
        "`{ user_id, friendship }`: the other person's id and where this person now stands (`friend`, `incoming`, `outgoing`, null)",
      raisedBy: '`POST /api/friends/{id}` (a request or an acceptance), `DELETE /api/friends/{id}`',
    },
    RolesUpdated: {
      to: 'the person whose roles changed',
      payload: '`{ roles }`; the tabs read their permissions again (`GET /api/init`)',
      raisedBy: '`POST /api/admin/users/{id}/role` (an admin changing a role)',
    },
    'Video.Signal': {
      to: 'one participant of a call, from another participant of the same call',
      payload:
        '`{ room_id, from, call_id, type, data }`: `type` `offer`, `answer` or `candidate`; the tab whose hold is `call_id` takes it',
      raisedBy: '`POST /api/room/{id}/video/signal`',
    },
    'Video.Ended': {
      to: 'the person whose hold on a call ended',
      payload:
        '`{ room_id, call_id, reason }` (`removed`, `banned`, `left_room`, `elsewhere`, `dropped`)',
      raisedBy:
        'a moderator removing them, a ban (or a gag where gagged people may not watch), leaving the room, another tab joining, signing out the device that joined (`dropped`), the reconnect grace ending',
    },
  },
  forum: {
    'Forum.PostStored': {
      payload: '`{ thread_id, post }` (the post without `abilities`: the web derives them)',
      raisedBy:
        '`POST /api/forum/threads/{slug}/posts` of a post everyone may see; a held post is sent when a moderator accepts it (`Forum.PostUpdated`), a refused one never',
    },
    'Forum.PostUpdated': {
      payload: '`{ thread_id, post }`',
      raisedBy:
        '`PATCH /api/forum/posts/{id}`; a moderator accepting a held post (`/api/moderation/queue/{id}`)',
    },
    'Forum.PostDeleted': {
      payload: '`{ thread_id, post_id }`',
      raisedBy:
        '`DELETE /api/forum/posts/{id}`; a moderator refusing a post (it stays only for its author and moderators)',
    },
    'Forum.ThreadUpdated': {
      payload: '`{ thread_id, subject, pinned, locked, deleted, category: { id, slug } }`',
      raisedBy: '`POST /api/forum/threads/{slug}/moderate`',
    },
  },
  art: {
    'Art.CommentStored': {
      payload: '`{ post_id, comment }` (the comment without `abilities`: the web derives them)',
      raisedBy:
        '`POST /api/art/posts/{id}/comments` on a post everyone may see; a refused comment never',
    },
    'Art.CommentDeleted': {
      payload: '`{ post_id, comment_id }`',
      raisedBy:
        '`DELETE /api/art/comments/{id}`; a moderator refusing a comment (`/api/moderation/queue/{id}`)',
    },
    'Art.LikesUpdated': {
      payload: '`{ post_id, likes_count }`',
      raisedBy: '`POST` and `DELETE /api/art/posts/{id}/like` when a like really came or went',
    },
  },
};

/** Client events the server relays, with the payload it rebuilds from the sender's seat. */
export const CLIENT_EVENT_DOCS: { [E in keyof ClientEventMap]: EventDoc & { channel: string } } = {
  'client-typing': {
    channel: 'room',
    to: 'the other members; an invisible sender only to those who may see them',
    payload:
      "`{ user_id, nick, typing }`: the server takes `typing` from the client and `user_id` and `nick` from the sender's presence seat",
    raisedBy: 'browsers (client event)',
  },
};
