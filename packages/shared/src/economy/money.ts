/**
 * Money rules (API.md "Balance, premium and gifts"): amounts are whole coins; `total = balance +
 * bonus`; spending takes the bonus first; coins given to another person come from the balance
 * only (the bonus is the site's gift to you, not yours to pass on).
 */

/** The largest amount any one call may move: far below 2^53, and within a 32-bit column. */
export const AMOUNT_MAX = 1_000_000;
/** The smallest and largest top-up, in coins (1 coin = 1 rouble with the providers). */
export const TOPUP_MIN = 10;
export const TOPUP_MAX = 100_000;
/** The daily bonus: coins credited to the bonus part once per Moscow calendar day. */
export const DAILY_BONUS_COINS = 10;
/** Coins one person may give others in one Moscow calendar day. */
export const COINS_GIFT_DAILY_LIMIT = 1000;
/** An unpaid invoice expires after this long. */
export const INVOICE_TTL_MINUTES = 30;

export interface Wallet {
  balance: number;
  bonus: number;
}

export function total(wallet: Wallet): number {
  return wallet.balance + wallet.bonus;
}

/** How a spend of `amount` splits over the two parts, bonus first; null when it does not fit. */
export function splitSpend(
  wallet: Wallet,
  amount: number,
): { fromBonus: number; fromBalance: number } | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return null;
  if (total(wallet) < amount) return null;
  const fromBonus = Math.min(wallet.bonus, amount);
  return { fromBonus, fromBalance: amount - fromBonus };
}

/** Moscow is UTC+3 all year (since 2014): the bonus day turns at 21:00 UTC. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Moscow calendar day of an instant, "YYYY-MM-DD". */
export function moscowDay(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the next Moscow calendar day (when the next daily bonus opens). */
export function nextMoscowMidnight(at: Date): Date {
  const day = moscowDay(at);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1) - MOSCOW_OFFSET_MS);
}
