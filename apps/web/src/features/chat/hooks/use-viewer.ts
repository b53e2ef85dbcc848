import type { Permission, UserData } from '@chat/shared';
import { useMemo } from 'react';
import { can, isRegistered } from '../../session/permissions';
import { useSessionStore } from '../../session/store';

/** The signed-in user as the chat's permission checks see them. */
export interface Viewer {
  id: number;
  nick: string;
  roles: readonly string[];
  permissions: readonly string[];
  user: UserData['user'];
  /** Guests have the shorter message limit and no rooms of their own (spec section 6). */
  isGuest: boolean;
  /** May I? By permission, never by role name (API.md "Moderation and complaints"). */
  can: (permission: Permission) => boolean;
}

export function viewerOf(userData: UserData): Viewer {
  return {
    id: userData.user.id,
    nick: userData.user.nick.nick,
    roles: userData.roles,
    permissions: userData.permissions,
    user: userData.user,
    isGuest: !isRegistered(userData),
    can: (permission) => can(userData, permission),
  };
}

/** The chat screen only renders for a signed-in user, so a missing one is a programming error. */
export function useViewer(): Viewer {
  const userData = useSessionStore((s) => s.userData);
  if (userData === null) throw new Error('the chat needs a signed-in user');
  return useMemo(() => viewerOf(userData), [userData]);
}
