import type { BanWire, UserData } from '@chat/shared';
import { useSessionStore } from '../session/store';
import { fetchMyBan } from './api';
import { useBannedRedirect } from './banned-redirect-store';
import { patchOnly } from '../session/user-data-patch';

/** A sanction still in force at `now` (lifted ones and ended ones are not). */
export function isInForce(ban: BanWire | null | undefined, now = Date.now()): ban is BanWire {
  if (!ban || ban.lifted_at !== null) return false;
  return ban.expires_at === null || Date.parse(ban.expires_at) > now;
}

export function activeGag(userData: UserData | null, now?: number): BanWire | null {
  return isInForce(userData?.gag, now) ? (userData?.gag ?? null) : null;
}

export function activeBan(userData: UserData | null, now?: number): BanWire | null {
  return isInForce(userData?.ban, now) ? (userData?.ban ?? null) : null;
}

export const useMyGag = () => useSessionStore((s) => s.userData?.gag ?? null);
export const useMyBan = () => useSessionStore((s) => s.userData?.ban ?? null);

let inFlight: Promise<void> | null = null;

/**
 * Reads my gag and ban again and puts them in the session (a sanction given, ended, lifted or
 * appealed). Calls made while one is on its way share it. A failure keeps what was known.
 */
export function refreshMyBan(): Promise<void> {
  inFlight ??= (async () => {
    try {
      if (useSessionStore.getState().userData === null) return;
      useSessionStore.getState().setSanctions(await fetchMyBan());
    } catch (error) {
      console.error('my ban could not be read', error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** A call was refused because of my sanction: learn its details, and a banned person is shown why. */
export function sanctionRefused(code: 'banned' | 'gagged'): void {
  void refreshMyBan();
  if (code === 'banned') useBannedRedirect.setState((s) => ({ requests: s.requests + 1 }));
}

/** Only my gag or ban changed: nothing the realtime connection follows (rooms, lists, bell). */
export const isSanctionPatch = patchOnly(['gag', 'ban']);
