import type { Locale } from '@chat/shared';

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: Locale, key: string, options: Intl.DateTimeFormatOptions) {
  const id = `${locale}:${key}`;
  let f = cache.get(id);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(id, f);
  }
  return f;
}

/** The local calendar day of a time, as a key ("2024-05-01"). */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** "14:05". */
export function clockTime(iso: string, locale: Locale): string {
  return fmt(locale, 'clock', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** The channel list's time: the clock today, the date before, the year only when not this one. */
export function listTime(iso: string, locale: Locale, now: Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (dayKey(iso) === dayKey(now.toISOString())) return clockTime(iso, locale);
  const sameYear = d.getFullYear() === now.getFullYear();
  return fmt(
    locale,
    sameYear ? 'short' : 'year',
    sameYear
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' },
  ).format(d);
}

/** A day separator: "Today", "Yesterday" or the date. */
export function dayLabel(
  iso: string,
  locale: Locale,
  now: Date,
  words: { today: string; yesterday: string },
): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return words.yesterday;
  const d = new Date(iso);
  return fmt(
    locale,
    d.getFullYear() === now.getFullYear() ? 'day' : 'dayYear',
    d.getFullYear() === now.getFullYear()
      ? { day: 'numeric', month: 'long' }
      : { day: 'numeric', month: 'long', year: 'numeric' },
  ).format(d);
}
