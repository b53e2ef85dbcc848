import { REGISTERED_PERMISSION, type Permission, type UserData } from '@chat/shared';
import { useSessionStore, type SessionState } from './store';

/** The user data, or the session state holding it (signed out: null, may do nothing). */
type WithPermissions =
  Pick<UserData, 'permissions'> | Pick<SessionState, 'userData'> | null | undefined;

function permissionsOf(subject: WithPermissions): readonly string[] {
  if (!subject) return [];
  return 'permissions' in subject ? subject.permissions : (subject.userData?.permissions ?? []);
}

/**
 * May the signed-in person do this? Every button of the site asks this, never a role name: the
 * server derives `permissions` from the roles by its one table (API.md "Moderation and
 * complaints"), so a role that gains or loses a power needs no change here.
 */
export function can(userData: WithPermissions, permission: Permission): boolean {
  return permissionsOf(userData).includes(permission);
}

/**
 * A registered account, not a guest: read from the permission that marks one, never from the
 * role name (the server decides the same way).
 */
export function isRegistered(userData: WithPermissions): boolean {
  return can(userData, REGISTERED_PERMISSION);
}

export function useIsRegistered(): boolean {
  return useSessionStore((s) => isRegistered(s.userData));
}

/** Any one of these (the sanction dialog opens for whoever may gag, ban or warn). */
export function canAny(userData: WithPermissions, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => can(userData, permission));
}

export function useCan(permission: Permission): boolean {
  return useSessionStore((s) => can(s.userData, permission));
}

export function useCanAny(permissions: readonly Permission[]): boolean {
  return useSessionStore((s) => canAny(s.userData, permissions));
}

/** The powers that make someone a moderator in the chat's eyes: a shield on users and messages. */
export const SANCTION_PERMISSIONS: readonly Permission[] = ['user.gag', 'user.ban', 'user.warn'];
