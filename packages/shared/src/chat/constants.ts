/** Chat limits and codes shared by the server's checks and the web app's counters. */
export const MESSAGE_MAX_LENGTH = 1000;
/** Guests write shorter messages and fewer of them: most flood comes from throwaway nicks. */
export const GUEST_MESSAGE_MAX_LENGTH = 300;
export const MESSAGES_PAGE = 60;
export const MESSAGES_AFTER_MAX = 500;
export const ROOM_NAME_MAX = 64;
export const MENTIONS_MAX = 10;
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/**
 * How long after posting its author may still edit a room message (issue 20, point 4): long
 * enough to fix a typo, short enough that a conversation is not rewritten after the fact. The
 * server checks it; the web hides "Edit" once it has passed.
 */
export const MESSAGE_EDIT_WINDOW_MS = 5 * 60 * 1000;
/** The characters of the original a reply's quote shows. */
export const REPLY_EXCERPT_MAX = 120;

/** Message types: a regular message, a "/me" action, a notice from the site, a GIF. */
export const MESSAGE_TYPE = { message: 1, action: 2, system: 3, gif: 4 } as const;
export type MessageTypeId = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

/** A user's state in a room; `leaving` removes them from the room's list. */
export const ROOM_STATE = { online: 1, away: 2, busy: 3, leaving: 4 } as const;
export type RoomStateId = (typeof ROOM_STATE)[keyof typeof ROOM_STATE];

/** The reactions a message can get: one of each per user. */
export const REACTIONS = ['like', 'love', 'laugh', 'wow', 'sad', 'angry', 'fire', 'clap'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Record<Reaction, string> = {
  like: '👍',
  love: '❤️',
  laugh: '😂',
  wow: '😮',
  sad: '😢',
  angry: '😡',
  fire: '🔥',
  clap: '👏',
};

/** The order of the user list: staff first, then premium, then everyone else (spec 6). */
export const USER_PRIORITIES = ['admin', 'moderator', 'premium', 'user', 'guest'] as const;
