import type { ChatMessage, PublicUser, RoomsState } from '@chat/shared';

/**
 * What an update event may change about a user: the whole public user (`UserUpdated`) or one
 * part of it (`UserNickUpdated`, `AvatarUpdated`, `AvatarRemoved`, `UserFrameUpdated`,
 * `PremiumUpdated` call this with just that field).
 */
export type UserPatch = Partial<Omit<PublicUser, 'id'>>;

/** The part of a message's author that messages carry (the wire's MessageUser). */
function patchAuthor(author: ChatMessage['user'], patch: UserPatch): ChatMessage['user'] {
  return {
    ...author,
    ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
    ...(patch.nick !== undefined ? { nick: patch.nick } : {}),
    ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
    ...(patch.roles !== undefined ? { roles: patch.roles } : {}),
  };
}

/**
 * One user restyled everywhere the chat shows them: their entry in each room's user list and
 * the author of every message already on screen. Rooms and messages that do not name the user
 * keep their identity, so memoised rows do not draw again.
 */
export function withUserPatched(rooms: RoomsState, userId: number, patch: UserPatch): RoomsState {
  let changed = false;
  const next = rooms.rooms.map((room) => {
    const touchesUsers = room.users.some((entry) => entry.user.id === userId);
    const touchesMessages = room.messages.some((m) => m.user.id === userId);
    if (!touchesUsers && !touchesMessages) return room;
    changed = true;
    return {
      ...room,
      users: touchesUsers
        ? room.users.map((entry) =>
            entry.user.id === userId ? { ...entry, user: { ...entry.user, ...patch } } : entry,
          )
        : room.users,
      messages: touchesMessages
        ? room.messages.map((m) =>
            m.user.id === userId ? { ...m, user: patchAuthor(m.user, patch) } : m,
          )
        : room.messages,
    };
  });
  return changed ? { ...rooms, rooms: next } : rooms;
}
