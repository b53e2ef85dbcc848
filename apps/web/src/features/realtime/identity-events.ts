import type { RealtimeEventMap, UserData } from '@chat/shared';
import type { UserPatch } from '../../shared/users/user-cache';

type Payload<K extends keyof RealtimeEventMap> = RealtimeEventMap[K];

/** What the dispatcher calls for the identity events on `private-chat` (spec section 3). */
export interface IdentityEventActions {
  userUpdated(event: Payload<'UserUpdated'>): void;
  avatarUpdated(event: Payload<'AvatarUpdated'>): void;
  avatarRemoved(event: Payload<'AvatarRemoved'>): void;
  nickUpdated(event: Payload<'UserNickUpdated'>): void;
  frameUpdated(event: Payload<'UserFrameUpdated'>): void;
}

/** Where a user's new public fields go: the user cache, which everything showing users reads. */
export type UserPatchTarget = (userId: number, patch: UserPatch) => void;

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One user restyled everywhere at once: each event becomes one patch (the field it carries)
 * written once to the user cache. A payload without a usable user id or field is dropped whole,
 * so nothing shows half an update.
 */
export function createIdentityEvents(target: UserPatchTarget): IdentityEventActions {
  const patch = (userId: unknown, change: UserPatch) => {
    if (isId(userId)) target(userId, change);
  };
  return {
    userUpdated: ({ user }) => {
      if (!isRecord(user)) return;
      const { id, ...rest } = user;
      patch(id, rest);
    },
    avatarUpdated: ({ user_id, avatar }) => {
      if (typeof avatar === 'string') patch(user_id, { avatar });
    },
    avatarRemoved: ({ user_id }) => patch(user_id, { avatar: null }),
    nickUpdated: ({ user_id, nick }) => {
      if (isRecord(nick) && typeof nick.nick === 'string') patch(user_id, { nick });
    },
    // The spec names this one's field `userId`.
    frameUpdated: ({ userId, frame }) => {
      if (typeof frame === 'string' || frame === null) patch(userId, { frame });
    },
  };
}

/**
 * Whether a new user data is only the old one with the user restyled (`userPatched`): then the
 * realtime wiring must not re-read settings and counters from it, which may be older than the
 * live ones.
 */
export function isIdentityPatch(next: UserData | null, prev: UserData | null): boolean {
  if (next === null || prev === null || next.user.id !== prev.user.id) return false;
  return (Object.keys(next) as (keyof UserData)[]).every(
    (key) => key === 'user' || key === 'frame' || next[key] === prev[key],
  );
}
