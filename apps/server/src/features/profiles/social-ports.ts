import type { FriendsList } from '@chat/shared';

/**
 * What profiles and my need from the social features (friends, notifications, sessions,
 * moderation): built by profiles.module.ts, which provides it to the modules after it.
 */
export interface SocialPorts {
  /** The user's friends and pending requests, or null while friends do not exist. */
  friendsOf(userId: number): Promise<FriendsList | null>;
  /** Stores and delivers a notification (NotificationsService.notify). */
  notify(userId: number, kind: string, data: Record<string, unknown>): Promise<void>;
  /** Ends every session of the user but `keepSessionId`, closing their sockets. */
  endOtherSessions(userId: number, keepSessionId: number | null): Promise<void>;
  /** Whether `userId` ignores `otherId` (features/friends): a partner request asks it. */
  ignores?: (userId: number, otherId: number) => Promise<boolean>;
  /** Bans, gags and warnings the user was ever given (the profile's statistic), once moderation exists. */
  violationsOf?(userId: number): Promise<number>;
}
