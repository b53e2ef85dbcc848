import type { UserData } from '@chat/shared';

/**
 * A test of whether a new user data is only the old one with the given parts changed (my roles,
 * my premium, my sanctions): the realtime wiring then follows nothing (same person, same rooms,
 * same bell). Any other part changed, or another person, is not such a patch.
 */
export function patchOnly(
  keys: readonly (keyof UserData)[],
): (next: UserData | null, prev: UserData | null) => boolean {
  const allowed: ReadonlySet<keyof UserData> = new Set(keys);
  return (next, prev) => {
    if (next === null || prev === null || next === prev || next.user.id !== prev.user.id) {
      return false;
    }
    return (Object.keys(next) as (keyof UserData)[]).every(
      (key) => allowed.has(key) || next[key] === prev[key],
    );
  };
}
