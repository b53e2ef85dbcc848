import type { Permission, UserData } from '@chat/shared';
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
