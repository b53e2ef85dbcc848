import { useIsRegistered } from '../session/permissions';
import { relativeTimeFromNow, type Locale } from '@chat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/use-locale';
import { useSessionStore } from '../session/store';
import { pushToast } from '../toasts/store';
import { balanceKeys, claimDailyBonus, walletQuery, type WalletStatus } from './api';
import { applyWallet } from './balance-events';
import { formatCoins } from './format';

/** Only registered people have a wallet: a guest neither tops up nor collects bonuses. */
export { useIsRegistered };

/** The live totals as the navbar and the balance page show them. */
export function useWalletTotals() {
  const balance = useSessionStore((s) => s.balance);
  const bonus = useSessionStore((s) => s.bonus);
  return { balance, bonus, total: balance + bonus };
}

/**
 * GET /api/wallet for a registered person (disabled otherwise); its answer is also the newest
 * word on the totals, so the session follows it.
 */
export function useWalletStatus() {
  const registered = useIsRegistered();
  const query = useQuery({ ...walletQuery(), enabled: registered });
  const wallet = query.data?.wallet;
  useEffect(() => {
    if (wallet) useSessionStore.getState().walletUpdated(wallet);
  }, [wallet]);
  return query;
}

/** "in 5 hours", "через 5 часов"; null when the time is unknown. */
export function nextBonusIn(nextAt: string | null, locale: Locale, nowMs = Date.now()) {
  if (nextAt === null) return null;
  const at = Date.parse(nextAt);
  return Number.isNaN(at) ? null : relativeTimeFromNow(at / 1000, nowMs, locale);
}

/**
 * Claims the daily bonus: a toast with the amount and when the next one opens. A second claim
 * (another tab got there first) is a 429: the state is read again and the toast says when.
 */
export function useClaimDailyBonus() {
  const { t } = useTranslation('balance');
  const locale = useLocale();
  const client = useQueryClient();
  const closed = (nextAt: string | null) =>
    client.setQueryData<WalletStatus>(balanceKeys.wallet, (status) =>
      status ? { ...status, daily_bonus_available: false, daily_bonus_next_at: nextAt } : status,
    );
  return useMutation({
    mutationFn: claimDailyBonus,
    onSuccess: (answer) => {
      applyWallet(client, answer.wallet);
      closed(answer.next_at);
      const amount = answer.entry?.amount ?? null;
      const next = nextBonusIn(answer.next_at, locale);
      pushToast({
        variant: 'primary',
        text: [
          amount === null
            ? t('bonus.claimedNoAmount')
            : t('bonus.claimed', { coins: formatCoins(amount, locale) }),
          next === null ? '' : t('bonus.nextAt', { when: next }),
        ]
          .filter(Boolean)
          .join(' '),
      });
      void client.invalidateQueries({ queryKey: ['balance', 'history'] });
    },
    onError: async (error) => {
      if (!(error instanceof ApiError) || error.status !== 429) return;
      const status = await client.fetchQuery({ ...walletQuery(), staleTime: 0 }).catch(() => null);
      if (status) closed(status.daily_bonus_next_at);
      const next = nextBonusIn(status?.daily_bonus_next_at ?? null, locale);
      pushToast({
        variant: 'danger',
        text:
          next === null
            ? t('bonus.already')
            : `${t('bonus.already')} ${t('bonus.nextAt', { when: next })}`,
      });
    },
  });
}
