export const ROLES = ['guest', 'user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface RoleFlags {
  guest: boolean;
  user: boolean;
  moderator: boolean;
  admin: boolean;
}

export function roleFlags(roles: Iterable<string>): RoleFlags {
  const set = new Set(roles);
  return {
    guest: set.has('guest'),
    user: set.has('user'),
    moderator: set.has('moderator'),
    admin: set.has('admin'),
  };
}
