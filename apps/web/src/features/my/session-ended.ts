import type { Device, RealtimeEventMap } from '@chat/shared';
import { currentLocale, translate } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { useSessionStore } from '../session/store';
import { pushToast } from '../toasts/store';
import { myApi } from './api';

export type SessionEndedPayload = RealtimeEventMap['SessionEnded'];

export interface SessionEndedDeps {
  /** GET /api/my/sessions, silent: a 401 here is the answer, not an error to show. */
  sessions: () => Promise<Device[]>;
  signedIn: () => boolean;
  /** Drops the session in this tab, as signing out does. */
  drop: () => void;
  toast: (text: string) => void;
}

/**
 * The id of this tab's session, once known (the security tab's list marks it `current`). The
 * event names a session by id and this tab cannot read its own cookie, so when the id is not
 * known yet the server is asked: a refusal means this very session was the one that ended.
 */
let currentSessionId: number | null = null;

export function rememberCurrentSession(devices: readonly Device[]): void {
  const current = devices.find((d) => d.current);
  if (current) currentSessionId = current.id;
}

export function forgetCurrentSession(): void {
  currentSessionId = null;
}

function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 419);
}

export function createSessionEndedHandler(deps: SessionEndedDeps) {
  const end = () => {
    if (!deps.signedIn()) return;
    currentSessionId = null;
    deps.drop();
    deps.toast('my:security.endedHere');
  };
  return async (payload: SessionEndedPayload): Promise<void> => {
    if (!deps.signedIn()) return;
    if (currentSessionId !== null) {
      if (payload.session_id === currentSessionId) end();
      return;
    }
    try {
      const devices = await deps.sessions();
      rememberCurrentSession(devices);
      // Still listed as current: the event was about another device of the same account.
      if (devices.some((d) => d.current && d.id === payload.session_id)) end();
    } catch (error) {
      if (isSignedOut(error)) end();
    }
  };
}

/** The site's handler, wired to the session store, the API and the toasts. */
export const sessionEnded = createSessionEndedHandler({
  sessions: () => myApi.sessions({ silent: true }),
  signedIn: () => useSessionStore.getState().userData !== null,
  drop: () => useSessionStore.getState().logout(),
  toast: (key) => {
    pushToast({ text: translate(key, currentLocale()), variant: 'primary', autohide: false });
  },
});

// Signing out (or in as someone else) makes a new session: the remembered id no longer holds.
useSessionStore.subscribe((state, previous) => {
  if (state.userData?.user.id !== previous.userData?.user.id) forgetCurrentSession();
});
