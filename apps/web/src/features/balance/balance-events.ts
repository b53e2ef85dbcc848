import type { BalanceUpdatedEvent } from '@chat/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../session/store';
import { balanceKeys, type WalletStatus } from './api';

export interface BalanceEventActions {
  /** `BalanceUpdated` on private-user.{id}: my wallet after any credit or debit, in any tab. */
  balanceUpdated: (wallet: BalanceUpdatedEvent) => void;
}

/** Applies a new wallet everywhere it shows: the navbar (session), the balance page's lists. */
export function applyWallet(client: QueryClient, wallet: { balance: number; bonus: number }): void {
  useSessionStore.getState().walletUpdated(wallet);
  client.setQueryData<WalletStatus>(balanceKeys.wallet, (status) =>
    status ? { ...status, wallet: { ...wallet, total: wallet.balance + wallet.bonus } } : status,
  );
}

export function createBalanceEvents(client: QueryClient): BalanceEventActions {
  return {
    balanceUpdated: (wallet) => {
      applyWallet(client, wallet);
      // A new ledger row, or an invoice now paid: the open tab reads its page again.
      void client.invalidateQueries({ queryKey: ['balance', 'history'] });
      void client.invalidateQueries({ queryKey: ['balance', 'invoices'] });
    },
  };
}
