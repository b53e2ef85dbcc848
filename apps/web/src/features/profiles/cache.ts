import type { Profile, PublicUser } from '@chat/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { UserPatch } from '../realtime/user-patch';
import { profileKeys, type ProfilesListPage } from './api';

const patchUser = (user: PublicUser, userId: number, patch: UserPatch): PublicUser =>
  user.id === userId ? { ...user, ...patch } : user;

const patchList = (users: PublicUser[], userId: number, patch: UserPatch): PublicUser[] =>
  users.some((u) => u.id === userId) ? users.map((u) => patchUser(u, userId, patch)) : users;

/** A profile with the user restyled wherever it names them: owner, partner, friends. */
export function withProfileUserPatched(
  profile: Profile,
  userId: number,
  patch: UserPatch,
): Profile {
  const touches =
    profile.user.id === userId ||
    profile.partner?.id === userId ||
    profile.friends.some((u) => u.id === userId);
  if (!touches) return profile;
  return {
    ...profile,
    user: patchUser(profile.user, userId, patch),
    partner: profile.partner ? patchUser(profile.partner, userId, patch) : null,
    friends: patchList(profile.friends, userId, patch),
  };
}

function withPageUserPatched(
  page: ProfilesListPage,
  userId: number,
  patch: UserPatch,
): ProfilesListPage {
  if (!page.rows.some((r) => r.user.id === userId)) return page;
  return {
    ...page,
    rows: page.rows.map((r) =>
      r.user.id === userId ? { ...r, user: patchUser(r.user, userId, patch) } : r,
    ),
  };
}

/**
 * Live identity events on the open profiles and profile lists: their cached answers are patched
 * in place (no refetch), so a restyled nick or a new avatar shows at once.
 */
export function patchProfilesCache(client: QueryClient, userId: number, patch: UserPatch): void {
  client.setQueriesData<Profile>({ queryKey: profileKeys.all }, (old) =>
    old ? withProfileUserPatched(old, userId, patch) : old,
  );
  client.setQueriesData<ProfilesListPage>({ queryKey: profileKeys.lists }, (old) =>
    old ? withPageUserPatched(old, userId, patch) : old,
  );
}
