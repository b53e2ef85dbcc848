import type { PublicUser } from '@chat/shared';
import { useMemo } from 'react';
import { create } from 'zustand';

/**
 * What an identity event may change about a user: the whole public user (`UserUpdated`) or one
 * part of it (`UserNickUpdated`, `AvatarUpdated`, `AvatarRemoved`, `UserFrameUpdated`,
 * `PremiumUpdated`).
 */
export type UserPatch = Partial<Omit<PublicUser, 'id'>>;

interface UserCacheState {
  /**
   * user id → the newest public fields heard live for them. The answers the stores and queries
   * hold stay as the server sent them; whatever shows a user lays this over them (`withLive`),
   * so one event is one write here instead of a walk through every room, channel and profile.
   */
  users: ReadonlyMap<number, UserPatch>;
  /** The last write as it came, for the few that follow one user (the session follows me). */
  last: { userId: number; patch: UserPatch } | null;
  patch(userId: number, patch: UserPatch): void;
}

export const useUserCache = create<UserCacheState>()((set) => ({
  users: new Map(),
  last: null,
  patch: (userId, patch) =>
    set((s) => {
      const users = new Map(s.users);
      users.set(userId, { ...s.users.get(userId), ...patch });
      return { users, last: { userId, patch } };
    }),
}));

/** The one place the identity events write to. */
export const patchUser = (userId: number, patch: UserPatch): void =>
  useUserCache.getState().patch(userId, patch);

/**
 * A user object with the live fields laid over it. Only fields the object already has are
 * replaced, so a message's author keeps the wire shape of a message author. The same object comes
 * back when nothing changes, so memoised rows do not draw again.
 */
export function withLive<U extends { id: number }>(user: U, patch: UserPatch | undefined): U {
  if (patch === undefined) return user;
  let next: U | null = null;
  for (const [key, value] of Object.entries(patch)) {
    if (!(key in user) || (user as Record<string, unknown>)[key] === value) continue;
    next ??= { ...user };
    (next as Record<string, unknown>)[key] = value;
  }
  return next ?? user;
}

/** `user` as the latest events have it; draws again only when this user changes. */
export function useLiveUser<U extends { id: number }>(user: U): U {
  const patch = useUserCache((s) => s.users.get(user.id));
  return useMemo(() => withLive(user, patch), [user, patch]);
}

/** The same for a user that may be missing (a profile's partner). */
export function useLiveUserOrNull<U extends { id: number }>(user: U | null | undefined): U | null {
  const patch = useUserCache((s) => (user ? s.users.get(user.id) : undefined));
  return useMemo(() => (user ? withLive(user, patch) : null), [user, patch]);
}

/** Each entry's user laid over by the cache, for lists sorted or filtered by nick or role. */
export function useLiveEntries<E extends { user: { id: number } }>(
  entries: readonly E[],
): readonly E[] {
  const users = useUserCache((s) => s.users);
  return useMemo(() => {
    let changed = false;
    const next = entries.map((entry) => {
      const user = withLive(entry.user, users.get(entry.user.id));
      if (user === entry.user) return entry;
      changed = true;
      return { ...entry, user };
    });
    return changed ? next : entries;
  }, [entries, users]);
}

/** A message (or anything with a `user`) with its author as the latest events have them. */
export function useLiveAuthor<M extends { user: { id: number } }>(item: M): M {
  const user = useLiveUser(item.user);
  return useMemo(() => (user === item.user ? item : { ...item, user }), [item, user]);
}
