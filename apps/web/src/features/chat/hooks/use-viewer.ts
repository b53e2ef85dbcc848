import type { UserData } from '@chat/shared';
import { useMemo } from 'react';
import { useSessionStore } from '../../session/store';

/** The signed-in user as the chat's permission checks see them. */
export interface Viewer {
  id: number;
  nick: string;
  roles: readonly string[];
  user: UserData['user'];
  isGuest: boolean;
  isAdmin: boolean;
  /** Moderators and admins: they may delete any message and see trolls. */
  isModerator: boolean;
}

export function viewerOf(userData: UserData): Viewer {
  const roles = userData.roles;
  const isAdmin = roles.includes('admin');
  return {
    id: userData.user.id,
    nick: userData.user.nick.nick,
    roles,
    user: userData.user,
    isGuest: roles.includes('guest'),
    isAdmin,
    isModerator: isAdmin || roles.includes('moderator'),
  };
}

/** The chat screen only renders for a signed-in user, so a missing one is a programming error. */
export function useViewer(): Viewer {
  const userData = useSessionStore((s) => s.userData);
  if (userData === null) throw new Error('the chat needs a signed-in user');
  return useMemo(() => viewerOf(userData), [userData]);
}
