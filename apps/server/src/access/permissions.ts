import {
  isPremiumActive,
  type Permission,
  permissionsOfRoles,
  REGISTERED_PERMISSION,
  ROLES,
} from '@chat/shared';
import type { UserRow } from '../db/schema';
import { roleTable } from './role-table';

export {
  ASSIGNABLE_ROLES,
  outranks,
  PERMISSIONS,
  PREMIUM_PERMISSIONS,
  REGISTERED_PERMISSION,
  ROLE_PERMISSIONS,
  type Permission,
} from '@chat/shared';

/** The role an account arrives with when it signs up without a password (a guest). */
export const NEWCOMER_ROLE = 'guest';
/** The role a guest takes on registering, and the default of a new account. */
export const REGISTERED_ROLE = 'user';

/** Roles as a set: a moderator is also a user; a guest is only a guest. */
export function rolesOf(user: Pick<UserRow, 'role'>): string[] {
  switch (user.role) {
    case 'admin':
      return ['user', 'moderator', 'admin'];
    case 'moderator':
      return ['user', 'moderator'];
    case 'guest':
      return ['guest'];
    default:
      return ['user'];
  }
}

/**
 * Whom a permission check looks at: the role, and the premium end when the caller has the row
 * (a check given only a role sees no premium).
 */
export type PermissionSubject = Pick<UserRow, 'role'> & Partial<Pick<UserRow, 'premium_until'>>;

/** What the user may do: the union over their roles of the live table (role-table.ts), and premium's. */
export function permissionsOf(user: PermissionSubject): Permission[] {
  return permissionsOfRoles(rolesOf(user), {
    premium: isPremiumActive(user.premium_until ?? null),
    table: roleTable(),
  });
}

/** The one question every server check asks (never "which role is this?"). */
export function hasPermission(user: PermissionSubject, permission: Permission): boolean {
  return permissionsOf(user).includes(permission);
}

/** A registered account (not a guest), for people other than the viewer (recipients, targets). */
export function isRegistered(user: Pick<UserRow, 'role'>): boolean {
  return hasPermission(user, REGISTERED_PERMISSION);
}

/**
 * The stored role values the table does not give this permission, for lists filtered in SQL
 * (`role NOT IN (...)`): the table decides, the query does not name a role.
 */
export function rolesLacking(permission: Permission): string[] {
  const table = roleTable();
  return ROLES.filter((role) => !table[role].includes(permission));
}
