import { isRegisteredRoles, type PublicUser } from '@chat/shared';
import { isRegistered } from '../session/permissions';
import { useSessionStore } from '../session/store';

/**
 * May I give this person a gift from here: I am registered (guests have no balance), they are
 * not a guest, and they are not me.
 */
export function useCanGiftTo(recipient: Pick<PublicUser, 'id' | 'roles'>): boolean {
  return useSessionStore((s) => {
    const me = s.userData;
    if (!me || !isRegistered(me)) return false;
    return me.user.id !== recipient.id && isRegisteredRoles(recipient.roles);
  });
}
