import type { Locale } from '../locale';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Ban periods offered to moderators (spec section 9). A month and a year are fixed lengths (30 and
 * 365 days) so that a ban's end time is plain arithmetic on the server and in the client alike.
 */
export const BAN_PERIODS = [
  { key: '5-minutes', minutes: 5 },
  { key: '10-minutes', minutes: 10 },
  { key: '30-minutes', minutes: 30 },
  { key: '1-hour', minutes: MINUTES_PER_HOUR },
  { key: '24-hours', minutes: MINUTES_PER_DAY },
  { key: '1-week', minutes: 7 * MINUTES_PER_DAY },
  { key: '1-month', minutes: 30 * MINUTES_PER_DAY },
  { key: '1-year', minutes: 365 * MINUTES_PER_DAY },
] as const;

export type BanPeriodKey = (typeof BAN_PERIODS)[number]['key'];

const BAN_PERIOD_LABELS: Record<Locale, Record<BanPeriodKey, string>> = {
  en: {
    '5-minutes': '5 minutes',
    '10-minutes': '10 minutes',
    '30-minutes': '30 minutes',
    '1-hour': '1 hour',
    '24-hours': '24 hours',
    '1-week': '1 week',
    '1-month': '1 month',
    '1-year': '1 year',
  },
  ru: {
    '5-minutes': '5 минут',
    '10-minutes': '10 минут',
    '30-minutes': '30 минут',
    '1-hour': '1 час',
    '24-hours': '24 часа',
    // The Russian interface names the week by its days (spec section 9).
    '1-week': '7 дней',
    '1-month': '1 месяц',
    '1-year': '1 год',
  },
};

export function isBanPeriodKey(value: unknown): value is BanPeriodKey {
  return BAN_PERIODS.some((period) => period.key === value);
}

export function banPeriodMinutes(key: BanPeriodKey): number {
  const period = BAN_PERIODS.find((candidate) => candidate.key === key);
  if (period === undefined) {
    throw new RangeError(`Unknown ban period: ${key}`);
  }
  return period.minutes;
}

export function banPeriodLabel(key: BanPeriodKey, locale: Locale): string {
  return BAN_PERIOD_LABELS[locale][key];
}

export const BAN_REASONS = ['profanity', 'behavior', 'flood', 'spam', 'nick', 'taboo'] as const;
export type BanReason = (typeof BAN_REASONS)[number];

const BAN_REASON_LABELS: Record<Locale, Record<BanReason, string>> = {
  en: {
    profanity: 'Profanity',
    behavior: 'Inappropriate behavior',
    flood: 'Flood',
    spam: 'Spam',
    nick: 'Inappropriate nickname',
    taboo: 'Taboo topics',
  },
  ru: {
    profanity: 'Нецензурная лексика',
    behavior: 'Неадекватное поведение',
    flood: 'Флуд',
    spam: 'Спам',
    nick: 'Недопустимый ник',
    taboo: 'Запрещённые темы',
  },
};

export function isBanReason(value: unknown): value is BanReason {
  return (BAN_REASONS as readonly unknown[]).includes(value);
}

export function banReasonLabel(reason: BanReason, locale: Locale): string {
  return BAN_REASON_LABELS[locale][reason];
}

/**
 * Kinds of a Ban record (spec section 3): a gag, a ban, a full ban from the chat. Named rather than
 * numbered because the spec does not show the numeric type_id values.
 */
export const BAN_TYPES = ['gag', 'ban', 'full-ban'] as const;
export type BanType = (typeof BAN_TYPES)[number];

export function isBanType(value: unknown): value is BanType {
  return (BAN_TYPES as readonly unknown[]).includes(value);
}
