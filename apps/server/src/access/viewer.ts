import { type Permission, REGISTERED_PERMISSION } from '@chat/shared';
import type { UserRow } from '../db/schema';
import { isBanned, isGagged } from '../features/moderation/sanctions';
import { permissionsOf, rolesOf } from './permissions';

/**
 * Who is asking: the one shape every policy of access/ reads. The session plugin builds it once
 * per request (`request.viewer`); a service holding only a user row builds it with viewerOf,
 * which is pure and cheap. Flags come from permissions and the row, never from a role name.
 */
export interface Viewer {
  /** null: nobody is signed in. */
  readonly id: number | null;
  readonly roles: readonly string[];
  readonly permissions: ReadonlySet<Permission>;
  /** Signed in with an account that keeps a profile (REGISTERED_PERMISSION). */
  readonly registered: boolean;
  /** Signed in, but only as a guest (no REGISTERED_PERMISSION). */
  readonly guest: boolean;
  readonly banned: boolean;
  readonly gagged: boolean;
  /** Marked a troll: their messages reach only themselves and those who show trolls. */
  readonly troll: boolean;
  can(permission: Permission): boolean;
}

/** What a viewer is built from: the user row, or as much of it as a check has at hand. */
export type ViewerSource = Pick<UserRow, 'id' | 'role'> &
  Partial<Pick<UserRow, 'premium_until' | 'ban_until' | 'gag_until' | 'is_troll'>>;

const NOBODY: ReadonlySet<Permission> = new Set();

export const ANONYMOUS: Viewer = Object.freeze({
  id: null,
  roles: [],
  permissions: NOBODY,
  registered: false,
  guest: false,
  banned: false,
  gagged: false,
  troll: false,
  can: () => false,
});

export function viewerOf(user: ViewerSource | null, now = new Date()): Viewer {
  if (!user) return ANONYMOUS;
  const permissions: ReadonlySet<Permission> = new Set(permissionsOf(user));
  const registered = permissions.has(REGISTERED_PERMISSION);
  const sanctions = { ban_until: user.ban_until ?? null, gag_until: user.gag_until ?? null };
  return {
    id: user.id,
    roles: rolesOf(user),
    permissions,
    registered,
    guest: !registered,
    banned: isBanned(sanctions, now),
    gagged: isGagged(sanctions, now),
    troll: user.is_troll === 1,
    can: (permission) => permissions.has(permission),
  };
}

/** Whether the viewer is this person (never true for nobody signed in). */
export function isSelf(viewer: Pick<Viewer, 'id'>, userId: number): boolean {
  return viewer.id !== null && viewer.id === userId;
}
