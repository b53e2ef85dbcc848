import type { DraftOwner } from '../../lib/account-drafts';
import { useSessionStore } from './store';

const accountId = () => useSessionStore.getState().userData?.user.id ?? null;

/** The account signed in now, for what this browser keeps per account (unsent drafts). */
export const signedInAccount: DraftOwner = {
  current: accountId,
  subscribe: (listener) =>
    useSessionStore.subscribe((state, previous) => {
      if (state.userData?.user.id !== previous.userData?.user.id) listener();
    }),
};
