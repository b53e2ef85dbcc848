import { navbarAvatarSize, type RoleFlags } from '@chat/shared';
import { useShallow } from 'zustand/react/shallow';
import { selectRoleFlags, useSessionStore } from './store';

export function useRoleFlags(): RoleFlags {
  return useSessionStore(useShallow(selectRoleFlags));
}

export function useNavbarAvatarSize(): 32 | 40 {
  return useSessionStore((s) => navbarAvatarSize(s.windowSize));
}
