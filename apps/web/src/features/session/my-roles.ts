import type { InitData, UserData } from '@chat/shared';
import { api } from '../../lib/api';
import { useSessionStore } from './store';

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

const ROLE_KEYS: ReadonlySet<keyof UserData> = new Set<keyof UserData>([
  'user',
  'roles',
  'permissions',
]);

/** Whether a new user data is only the old one with my roles changed: nothing to follow. */
export function isRolesPatch(next: UserData | null, prev: UserData | null): boolean {
  if (next === null || prev === null || next === prev || next.user.id !== prev.user.id) {
    return false;
  }
  return (Object.keys(next) as (keyof UserData)[]).every(
    (key) => ROLE_KEYS.has(key) || next[key] === prev[key],
  );
}
