import { premiumEndAfter, type Locale, type PremiumState } from '@chat/shared';

/** "25 December 2025, 14:30": when premium ends (the day alone would hide a same-day end). */
export function formatUntil(iso: string, locale: Locale): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return at.toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Where a plan of `days` would end for someone whose premium is `current` (extends, or from now). */
export function endAfterPlan(current: PremiumState | null, days: number, now = new Date()): string {
  return premiumEndAfter(current?.active ? current.until : null, days, now);
}
