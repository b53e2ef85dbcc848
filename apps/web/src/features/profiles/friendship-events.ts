import type { Profile, RealtimeEventMap } from '@chat/shared';
import type { QueryClient } from '@tanstack/react-query';
import { profileKeys } from './api';

export interface FriendshipEventActions {
  /** Where I now stand with someone: their open profile follows, and my friends lists. */
  friendshipUpdated(event: RealtimeEventMap['FriendshipUpdated']): void;
}

/**
 * A friend request sent, received, accepted or removed, told on my own channel: the profile of
 * that person, if I hold it, shows the new standing at once and is read again (its friends
 * list); my friends tab is read again.
 */
export function createFriendshipEvents(client: QueryClient): FriendshipEventActions {
  return {
    friendshipUpdated: ({ user_id, friendship }) => {
      const isTheirs = (data: unknown) => (data as Profile | undefined)?.user.id === user_id;
      client.setQueriesData<Profile>({ queryKey: profileKeys.all }, (old) =>
        old && isTheirs(old) ? { ...old, friendship } : old,
      );
      void client.invalidateQueries({
        queryKey: profileKeys.all,
        predicate: (query) => isTheirs(query.state.data),
      });
      void client.invalidateQueries({ queryKey: ['friends'] });
    },
  };
}
