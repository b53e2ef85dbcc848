// Test factories: each test states only the fields it is about, the rest take these defaults.
// Kept out of the rules' index so that test data never ships with the app.
import type { NickStyle, PublicUser } from '../schemas/user';
import type { Reaction } from '../chat/constants';
import { MESSAGE_TYPE, ROOM_STATE } from '../chat/constants';
import type {
  ChatMessage,
  MessageReaction,
  MessageUser,
  RoomDetail,
  RoomSummary,
  RoomUser,
} from '../chat/wire';

export function makeNick(nick: string): NickStyle {
  return {
    nick,
    color: null,
    has_gradient: false,
    gradient: [],
    font_id: null,
    weight: null,
    italic: false,
  };
}

export function makeMessageUser(overrides: Partial<MessageUser> = {}): MessageUser {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `user-${id}`,
    nick: makeNick(`User${id}`),
    avatar: null,
    roles: ['user'],
    gender: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    room_id: 1,
    user: makeMessageUser(),
    type_id: MESSAGE_TYPE.message,
    text: 'hello',
    nicks: [],
    reactions: [],
    attachments: [],
    gif: null,
    client_id: null,
    created_at: '2024-05-01T12:00:00.000Z',
    reply_to: null,
    edited_at: null,
    ...overrides,
  };
}

/** Messages with the given ids, in the given order, everything else default. */
export function makeMessages(ids: readonly number[]): ChatMessage[] {
  return ids.map((id) => makeMessage({ id }));
}

export function makeReaction(reaction: Reaction, userId: number): MessageReaction {
  return { reaction, user: { id: userId, slug: `user-${userId}`, nick: `User ${userId}` } };
}

export function makePublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = overrides.id ?? 1;
  return {
    id,
    slug: `user-${id}`,
    nick: makeNick(`User${id}`),
    avatar: null,
    frame: null,
    premium: false,
    roles: ['user'],
    gender: null,
    ...overrides,
  };
}

interface RoomUserOptions {
  id?: number;
  nick?: string;
  roles?: string[];
  premium?: boolean;
  state_id?: number;
  invisible?: boolean;
}

/** A room user entry; the entry id and the user id are the same, as the server sends them. */
export function makeRoomUser(options: RoomUserOptions = {}): RoomUser {
  const id = options.id ?? 1;
  return {
    id,
    user: makePublicUser({
      id,
      nick: makeNick(options.nick ?? `User${id}`),
      roles: options.roles ?? ['user'],
      premium: options.premium ?? false,
    }),
    state_id: options.state_id ?? ROOM_STATE.online,
    status: null,
    invisible: options.invisible ?? false,
    ignoring: false,
  };
}

export function makeRoomSummary(overrides: Partial<RoomSummary> = {}): RoomSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    name: { ru: `Комната ${id}`, en: `Room ${id}` },
    public: true,
    owner_id: null,
    users_count: 0,
    ...overrides,
  };
}

export function makeRoomDetail(overrides: Partial<RoomDetail> = {}): RoomDetail {
  const id = overrides.id ?? 1;
  return {
    ...makeRoomSummary({ id }),
    messages: [],
    users: [],
    unread: 0,
    position: id,
    ...overrides,
  };
}

/**
 * Freezes a value and everything inside it, so that a rule which mutates its input throws
 * (test modules are ES modules, hence strict mode) instead of passing by accident.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) {
      deepFreeze<unknown>(inner);
    }
  }
  return value;
}
