/**
 * "Top users of the month": public messages written in the current calendar month in Moscow
 * time (UTC+3 all year since 2014). The month is keyed "YYYY-MM"; the window is its first
 * instant up to (not including) the first instant of the next month.
 */
export const TOP_MONTH_TIME_ZONE = 'Europe/Moscow';
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Moscow calendar month of an instant, e.g. "2025-03". */
export function moscowMonthKey(at: Date): string {
  return new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month's window as UTC ISO instants: [from, to). */
export function moscowMonthWindow(at: Date): { month: string; from: string; to: string } {
  const month = moscowMonthKey(at);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const from = Date.UTC(year, mon - 1, 1) - MOSCOW_OFFSET_MS;
  const to = Date.UTC(year, mon, 1) - MOSCOW_OFFSET_MS;
  return { month, from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}
