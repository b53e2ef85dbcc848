import { ADMIN_STATS_MAX_DAYS, moscowDay, type StatsGroup } from '@chat/shared';
import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../../db/database';
import { invalid } from '../../../http/app-error';

/** A period of Moscow calendar days, both ends included, and the instants that bound it. */
export interface DayPeriod {
  from: string;
  to: string;
  /** The first instant of `from` and of the day after `to` (ISO, UTC). */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const moscowMidnight = (day: string): string => new Date(`${day}T00:00:00+03:00`).toISOString();

/**
 * The period asked for, `defaultDays` up to today when left out; 422 when it ends before it
 * starts or is longer than two years (a wider one would read too much at once).
 */
export function dayPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  defaultDays: number,
  now = new Date(),
): DayPeriod {
  const to = query.to ?? moscowDay(now);
  const from = query.from ?? addDays(to, -(defaultDays - 1));
  if (from > to) throw invalid({ from: ['period.order'] });
  if (daysBetween(from, to) + 1 > ADMIN_STATS_MAX_DAYS)
    throw invalid({ from: ['period.too_long'] });
  return { from, to, start: moscowMidnight(from), end: moscowMidnight(addDays(to, 1)) };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Every day of the period, in order. */
export function daysOf(period: Pick<DayPeriod, 'from' | 'to'>): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The period a day falls in: the day, the Monday of its week, or its month ("YYYY-MM"). */
export function periodOf(day: string, group: StatsGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return day.slice(0, 7);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every period the days of `period` fall in, in order. */
export function periodsOf(period: Pick<DayPeriod, 'from' | 'to'>, group: StatsGroup): string[] {
  return [...new Set(daysOf(period).map((day) => periodOf(day, group)))];
}

/**
 * The Moscow day of a timestamp column in SQL, "YYYY-MM-DD", on either database (a fixed
 * UTC+3, as moscowDay in @chat/shared): rows are counted per day by the database.
 */
export function moscowDaySql(dialect: DialectName, column: string): RawBuilder<string> {
  const ref = sql.ref(column);
  return dialect === 'postgres'
    ? sql<string>`to_char((${ref} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`
    : sql<string>`date(${ref}, '+3 hours')`;
}
