import type { NickStyle, PublicUser } from '@chat/shared';
import { useSessionStore } from '../session/store';

/**
 * The caller's own answer lands in the session at once: the server does not echo this tab's own
 * identity events back to it (X-Socket-ID), and the navbar should change with the click.
 */
export function applyMyUser(patch: Partial<PublicUser>): void {
  const { userData } = useSessionStore.getState();
  if (!userData) return;
  const user = { ...userData.user, ...patch };
  useSessionStore.setState({
    userData: {
      ...userData,
      user,
      frame: patch.frame !== undefined ? patch.frame : userData.frame,
    },
  });
}

export function applyMyNick(nick: NickStyle): void {
  applyMyUser({ nick });
}
