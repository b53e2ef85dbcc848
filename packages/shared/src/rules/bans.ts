import type { Locale } from '../locale';

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/**
 * Ban periods offered to moderators (spec section 9), keyed as on the wire (API.md). A month and
 * a year are fixed lengths (30 and 365 days) so that a ban's end time is plain arithmetic on the
 * server and in the client alike; `forever` has no end (`minutes: null`).
 */
export const BAN_PERIODS = [
  { key: '5m', minutes: 5 },
  { key: '10m', minutes: 10 },
  { key: '30m', minutes: 30 },
  { key: '1h', minutes: MINUTES_PER_HOUR },
  { key: '24h', minutes: MINUTES_PER_DAY },
  { key: '7d', minutes: 7 * MINUTES_PER_DAY },
  { key: '1M', minutes: 30 * MINUTES_PER_DAY },
  { key: '1y', minutes: 365 * MINUTES_PER_DAY },
  { key: 'forever', minutes: null },
] as const;

export type BanPeriodKey = (typeof BAN_PERIODS)[number]['key'];
export const BAN_PERIOD_KEYS = BAN_PERIODS.map((period) => period.key) as [
  BanPeriodKey,
  ...BanPeriodKey[],
];

const BAN_PERIOD_LABELS: Record<Locale, Record<BanPeriodKey, string>> = {
  en: {
    '5m': '5 minutes',
    '10m': '10 minutes',
    '30m': '30 minutes',
    '1h': '1 hour',
    '24h': '24 hours',
    '7d': '1 week',
    '1M': '1 month',
    '1y': '1 year',
    forever: 'Forever',
  },
  ru: {
    '5m': '5 минут',
    '10m': '10 минут',
    '30m': '30 минут',
    '1h': '1 час',
    '24h': '24 часа',
    // The Russian interface names the week by its days (spec section 9).
    '7d': '7 дней',
    '1M': '1 месяц',
    '1y': '1 год',
    forever: 'Навсегда',
  },
};

export function isBanPeriodKey(value: unknown): value is BanPeriodKey {
  return BAN_PERIODS.some((period) => period.key === value);
}

/** The period's length in minutes; null for `forever`. */
export function banPeriodMinutes(key: BanPeriodKey): number | null {
  const period = BAN_PERIODS.find((candidate) => candidate.key === key);
  if (period === undefined) {
    throw new RangeError(`Unknown ban period: ${key}`);
  }
  return period.minutes;
}

/** When a sanction of this period given at `from` ends (ISO), or null when it never does. */
export function banEndsAt(key: BanPeriodKey, from: Date): string | null {
  const minutes = banPeriodMinutes(key);
  return minutes === null ? null : new Date(from.getTime() + minutes * 60_000).toISOString();
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
 * Kinds of a Ban record (spec section 3): a gag (cannot write), a ban (cannot use the chat), a
 * full ban from the chat (a ban that also removes the user from every room at once). `type_id`
 * on the wire is the position here plus one.
 */
export const BAN_TYPES = ['gag', 'ban', 'full_ban'] as const;
export type BanType = (typeof BAN_TYPES)[number];

export function isBanType(value: unknown): value is BanType {
  return (BAN_TYPES as readonly unknown[]).includes(value);
}

export function banTypeId(type: BanType): number {
  return BAN_TYPES.indexOf(type) + 1;
}

/** A gag and a ban are separate: a user may be gagged and banned; a full ban is a ban. */
export function banKind(type: BanType): 'gag' | 'ban' {
  return type === 'gag' ? 'gag' : 'ban';
}

/**
 * The period a moderator is offered for a new sanction: it climbs one step of the ladder for each
 * violation (ban, gag or warning) of the last 180 days, so escalation does not depend on a
 * moderator's memory. The moderator may choose another.
 */
export const VIOLATION_MEMORY_DAYS = 180;
const SUGGESTION_LADDER: readonly BanPeriodKey[] = ['5m', '30m', '1h', '24h', '7d', '1M', '1y'];

export function suggestBanPeriod(
  earlierViolations: readonly { created_at: string }[],
  now: Date,
): BanPeriodKey {
  const since = now.getTime() - VIOLATION_MEMORY_DAYS * 24 * 60 * 60_000;
  const recent = earlierViolations.filter((v) => Date.parse(v.created_at) >= since).length;
  return SUGGESTION_LADDER[Math.min(recent, SUGGESTION_LADDER.length - 1)] as BanPeriodKey;
}
