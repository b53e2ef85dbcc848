import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** The tabs of /{locale}/balance/{tab}, in the page's order (the server's lists are two of them). */
export const BALANCE_PAGE_TABS = ['topup', 'history', 'invoices'] as const;
export type BalancePageTab = (typeof BALANCE_PAGE_TABS)[number];

export function isBalancePageTab(value: unknown): value is BalancePageTab {
  return (BALANCE_PAGE_TABS as readonly unknown[]).includes(value);
}

export const balancePath = (locale: Locale, tab: BalancePageTab = 'topup') =>
  localePath(locale, `/balance/${tab}`);
