import type { Locale } from '@chat/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago", "yesterday", "3 days ago"; past a month, the date. Null when the moment is
 * unreadable or within the last minute (the caller says "just now").
 */
export function relativeTime(iso: string, now: number, locale: Locale): string | null {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return format.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 30 * DAY) return format.format(-Math.floor(ago / DAY), 'day');
  return formatDate(iso, locale);
}

export function formatDate(iso: string, locale: Locale): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return at.toLocaleDateString(locale === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
