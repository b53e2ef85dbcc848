import type { ProfileFriends } from '../friends/friends.service';
import type { ReachLookup } from '../friends/reach';

/**
 * What profiles and my need from the social features (friends, notifications, sessions,
 * moderation): built by profiles.module.ts, which provides it to the modules after it.
 */
export interface SocialPorts {
  /** A profile's first friends, their count and the viewer's relation (FriendsService). */
  profileFriends(userId: number, viewerId: number | null, limit: number): Promise<ProfileFriends>;
  /** Stores and delivers a notification (NotificationsService.notify). */
  notify(userId: number, kind: string, data: Record<string, unknown>): Promise<void>;
  /** Ends every session of the user but `keepSessionId`, closing their sockets. */
  endOtherSessions(userId: number, keepSessionId: number | null): Promise<void>;
  /** Whether `userId` ignores `otherId` (features/friends): a partner request asks it. */
  ignores?: (userId: number, otherId: number) => Promise<boolean>;
  /** Who ignores whom, both ways (features/friends): a new partner request asks it. */
  reach?: ReachLookup;
  /** Bans, gags and warnings the user was ever given (the profile's statistic), once moderation exists. */
  violationsOf?(userId: number): Promise<number>;
}
