import {
  banPeriodLabel,
  banReasonLabel,
  tabooTopicLabel,
  type BanWire,
  type Locale,
} from '@chat/shared';

/** The reason of a sanction in words: "Taboo topics: Drugs" when it names a topic. */
export function sanctionReason(ban: Pick<BanWire, 'reason' | 'taboo'>, locale: Locale): string {
  const reason = banReasonLabel(ban.reason, locale);
  return ban.taboo ? `${reason}: ${tabooTopicLabel(ban.taboo, locale)}` : reason;
}

export const sanctionPeriod = (ban: Pick<BanWire, 'period'>, locale: Locale) =>
  banPeriodLabel(ban.period, locale);

/** Bootstrap colours of the complaint statuses, so the lists read at a glance. */
export const COMPLAINT_STATUS_BG = {
  open: 'warning',
  taken: 'info',
  accepted: 'success',
  refused: 'secondary',
} as const;
