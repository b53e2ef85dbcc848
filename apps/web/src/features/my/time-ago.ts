import type { Locale } from '@chat/shared';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "вчера": a past moment relative to now, rounded down to its largest unit. */
export function timeAgo(iso: string, nowMs: number, locale: Locale): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  let amount = Math.max(0, Math.floor((nowMs - then) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (amount < size) return format.format(-amount, unit);
    amount = Math.floor(amount / size);
  }
  return format.format(-amount, 'year');
}
