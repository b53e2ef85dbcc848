import type { Locale } from '@chat/shared';
import { useLocale } from '../../lib/use-locale';

/** "12 May 2025, 14:03" in the page's language; empty for a missing or broken date. */
export function formatWhen(iso: string | null, locale: Locale): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date in a `<time>` element. */
export function When({ iso }: { iso: string | null }) {
  const locale = useLocale();
  if (iso === null) return null;
  return <time dateTime={iso}>{formatWhen(iso, locale)}</time>;
}
