import type { Profile } from '@chat/shared';
import { useMemo } from 'react';
import { useUserCache, withLive } from '../../shared/users/user-cache';

/**
 * A profile with everyone it names (owner, partner, friends) as the latest identity events have
 * them. The fetched answer stays as it came; the same object comes back while nobody changed.
 */
export function useLiveProfile(profile: Profile): Profile {
  const users = useUserCache((s) => s.users);
  return useMemo(() => {
    const user = withLive(profile.user, users.get(profile.user.id));
    const partner = profile.partner && withLive(profile.partner, users.get(profile.partner.id));
    let friendsChanged = false;
    const friends = profile.friends.map((friend) => {
      const live = withLive(friend, users.get(friend.id));
      if (live !== friend) friendsChanged = true;
      return live;
    });
    if (user === profile.user && partner === profile.partner && !friendsChanged) return profile;
    return { ...profile, user, partner, friends: friendsChanged ? friends : profile.friends };
  }, [profile, users]);
}
