import type { InitData, PremiumInfo, PremiumState, WalletWire } from '@chat/shared';
import { queryClient } from '../../app/query-client';
import { api } from '../../lib/api';
import { useSessionStore } from '../session/store';
import { premiumKeys } from './api';
import { patchOnly } from '../session/user-data-patch';

/**
 * My premium as the server last told it (a purchase's answer, `MyPremiumUpdated`): the session
 * (navbar, perks), my own entry among users, the premium page's cached answer, and the wallet
 * when the event carries it.
 */
export function applyMyPremium(premium: PremiumState, wallet: WalletWire | null = null): void {
  const session = useSessionStore.getState();
  const data = session.userData;
  if (data) {
    useSessionStore.setState({
      premium,
      userData: {
        ...data,
        premium,
        user:
          data.user.premium === premium.active
            ? data.user
            : { ...data.user, premium: premium.active },
      },
    });
    if (wallet) session.walletUpdated(wallet);
  }
  queryClient.setQueryData<PremiumInfo>(premiumKeys.info, (old) =>
    old ? { ...old, premium } : old,
  );
}

let inFlight: Promise<void> | null = null;

/**
 * Perks are permissions the server derives from premium (`nick.gradient`, `frame.premium`, …),
 * so after my premium changed the user data is read again (init is the call that has it) and
 * only what premium changes is taken from it: the rest of the session (counters, settings) is
 * kept live by its own events and must not go back to this snapshot. Calls made while one is on
 * its way share it; a failure keeps what was known.
 */
export function refreshMyPerks(): Promise<void> {
  inFlight ??= (async () => {
    try {
      const before = useSessionStore.getState().userData;
      if (!before) return;
      const answer = await api.get<InitData>('/api/init', {
        query: { platform: 'pc' },
        silent: true,
      });
      const fresh = answer.data.user;
      const current = useSessionStore.getState().userData;
      if (!fresh || !current || fresh.user.id !== current.user.id) return;
      useSessionStore.setState({
        premium: fresh.premium,
        userData: {
          ...current,
          permissions: fresh.permissions,
          premium: fresh.premium,
          user:
            current.user.premium === fresh.user.premium
              ? current.user
              : { ...current.user, premium: fresh.user.premium },
        },
      });
      useSessionStore.getState().walletUpdated({ balance: fresh.balance, bonus: fresh.bonus });
    } catch (error) {
      console.error('my perks could not be read', error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Whether a new user data is only the old one with my premium and perks changed. */
export const isPremiumPatch = patchOnly(['user', 'premium', 'permissions']);
