import { moscowDay } from '@chat/shared';

const DAY_MS = 86_400_000;

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The last `days` Moscow days up to today, as the server counts them. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = moscowDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The period choices of the dashboard and the statistics. */
export const PERIOD_CHOICES = [7, 30, 90] as const;
