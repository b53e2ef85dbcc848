/**
 * Channel names (DESIGN.md, "Realtime"). Builders and parsers live together so the server's
 * authorisation and the web app's subscriptions can never disagree on a spelling.
 */
export const COMMON_CHANNEL = 'common';
export const CHAT_CHANNEL = 'private-chat';

export type UserChannelName = `private-user.${number}`;
export type RoomChannelName = `presence-room.${number}`;
export const userChannel = (userId: number): UserChannelName => `private-user.${userId}`;
export const roomChannel = (roomId: number): RoomChannelName => `presence-room.${roomId}`;
export type ForumThreadChannelName = `forum-thread.${number}`;
/** An open forum thread's live posts: public, like the thread page itself. */
export const forumThreadChannel = (threadId: number): ForumThreadChannelName =>
  `forum-thread.${threadId}`;

export type ArtPostChannelName = `art-post.${number}`;
/** An open art post's live comments and likes: public, like the post page itself. */
export const artPostChannel = (postId: number): ArtPostChannelName => `art-post.${postId}`;

/** A channel name, typed by its kind so that each kind's events go only to its channels. */
export type ChannelName =
  | typeof COMMON_CHANNEL
  | typeof CHAT_CHANNEL
  | UserChannelName
  | RoomChannelName
  | ForumThreadChannelName
  | ArtPostChannelName;

export type ChannelKindName = 'common' | 'chat' | 'user' | 'room' | 'forum' | 'art';

/** The kind of a typed channel name. */
export type KindOf<C extends ChannelName> = C extends typeof COMMON_CHANNEL
  ? 'common'
  : C extends typeof CHAT_CHANNEL
    ? 'chat'
    : C extends UserChannelName
      ? 'user'
      : C extends ForumThreadChannelName
        ? 'forum'
        : C extends ArtPostChannelName
          ? 'art'
          : 'room';

/** Each kind of channel, declared once: its name pattern, its Pusher type, who may listen. */
export interface ChannelKindDeclaration {
  pattern: string;
  type: 'public' | 'private' | 'presence';
  /** Who may subscribe, in words (the server's channel kind rules enforce it). */
  audience: string;
  /** What members others see (presence channels). */
  members?: string;
}

export const CHANNEL_KINDS: Record<ChannelKindName, ChannelKindDeclaration> = {
  common: { pattern: 'common', type: 'public', audience: 'anyone, no signature' },
  chat: {
    pattern: 'private-chat',
    type: 'private',
    audience: 'any signed-in person, guests included',
  },
  user: { pattern: 'private-user.{id}', type: 'private', audience: 'that person only' },
  room: {
    pattern: 'presence-room.{id}',
    type: 'presence',
    audience: 'members of room {id} (entered through the API), not while banned',
    members:
      'every member but invisible ones, whom only those allowed to see invisible people (admins) and the member see',
  },
  forum: {
    pattern: 'forum-thread.{id}',
    type: 'public',
    audience:
      'anyone, no signature, while thread {id} is one everyone may see (not deleted, its first post neither held nor refused)',
  },
  art: {
    pattern: 'art-post.{id}',
    type: 'public',
    audience:
      "anyone, no signature; only what everyone may see of post {id} is sent (nothing of a post that is held, refused, deleted or a troll's)",
  },
};

export type ChannelKind =
  | { kind: 'common' }
  | { kind: 'chat' }
  | { kind: 'user'; userId: number }
  | { kind: 'room'; roomId: number }
  | { kind: 'forum'; threadId: number }
  | { kind: 'art'; postId: number }
  | { kind: 'unknown' };

const ID = '([1-9][0-9]{0,9})';
const USER = new RegExp(`^private-user\\.${ID}$`);
const ROOM = new RegExp(`^presence-room\\.${ID}$`);
const FORUM_THREAD = new RegExp(`^forum-thread\\.${ID}$`);
const ART_POST = new RegExp(`^art-post\\.${ID}$`);

/** Ids beyond the databases' integer range name nothing. */
const ID_MAX = 2 ** 31 - 1;

export function parseChannel(name: string): ChannelKind {
  if (name === COMMON_CHANNEL) return { kind: 'common' };
  if (name === CHAT_CHANNEL) return { kind: 'chat' };
  const user = USER.exec(name);
  if (user && Number(user[1]) <= ID_MAX) return { kind: 'user', userId: Number(user[1]) };
  const room = ROOM.exec(name);
  if (room && Number(room[1]) <= ID_MAX) return { kind: 'room', roomId: Number(room[1]) };
  const thread = FORUM_THREAD.exec(name);
  if (thread && Number(thread[1]) <= ID_MAX) return { kind: 'forum', threadId: Number(thread[1]) };
  const art = ART_POST.exec(name);
  if (art && Number(art[1]) <= ID_MAX) return { kind: 'art', postId: Number(art[1]) };
  return { kind: 'unknown' };
}

/** Pusher's rules: at most 164 characters of [A-Za-z0-9_\-=@,.;]. */
export const CHANNEL_NAME_MAX = 164;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && name.length <= CHANNEL_NAME_MAX && CHANNEL_NAME.test(name);
}

export const isPrivateChannel = (name: string) => name.startsWith('private-');
export const isPresenceChannel = (name: string) => name.startsWith('presence-');
