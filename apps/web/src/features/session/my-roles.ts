import type { InitData } from '@chat/shared';
import { api } from '../../lib/api';
import { useSessionStore } from './store';
import { patchOnly } from './user-data-patch';

let inFlight: Promise<void> | null = null;

/**
 * An admin changed my role (`RolesUpdated`): what I may do is read again (init is the call that
 * has it), and only my roles and permissions are taken from it, so a new moderator's menu grows
 * and a former one's shrinks without a reload. The rest of the session is kept live by its own
 * events. Calls made while one is on its way share it; a failure keeps what was known.
 */
export function refreshMyRoles(): Promise<void> {
  inFlight ??= (async () => {
    try {
      if (!useSessionStore.getState().userData) return;
      const answer = await api.get<InitData>('/api/init', {
        query: { platform: 'pc' },
        silent: true,
      });
      const fresh = answer.data.user;
      const current = useSessionStore.getState().userData;
      if (!fresh || !current || fresh.user.id !== current.user.id) return;
      useSessionStore.setState({
        userData: {
          ...current,
          roles: fresh.roles,
          permissions: fresh.permissions,
          user: { ...current.user, roles: fresh.user.roles },
        },
      });
    } catch (error) {
      console.error('my roles could not be read', error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Whether a new user data is only the old one with my roles changed: nothing to follow. */
export const isRolesPatch = patchOnly(['user', 'roles', 'permissions']);
