import { queryClient } from '../../app/query-client';
import { walletQuery } from '../balance/api';
import { applyWallet } from '../balance/balance-events';

/**
 * A purchase's answer carries no wallet, and this tab does not hear its own events back: the
 * totals are read again (the navbar, the balance page), and the history is stale now.
 */
export async function refreshWalletAfterPurchase(): Promise<void> {
  try {
    const status = await queryClient.fetchQuery({ ...walletQuery(), staleTime: 0 });
    applyWallet(queryClient, status.wallet);
  } catch {
    // The next BalanceUpdated or page load tells the totals; the purchase itself is done.
  }
  void queryClient.invalidateQueries({ queryKey: ['balance', 'history'] });
}
