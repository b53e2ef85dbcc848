import { describe, expect, it } from 'vitest';
import {
  BAN_PERIODS,
  BAN_PERIOD_KEYS,
  BAN_REASONS,
  BAN_TYPES,
  VIOLATION_MEMORY_DAYS,
  banEndsAt,
  banKind,
  banPeriodLabel,
  banPeriodMinutes,
  banReasonLabel,
  banTypeId,
  isBanPeriodKey,
  isBanReason,
  isBanType,
  suggestBanPeriod,
} from './bans';
import type { BanPeriodKey } from './bans';

const DAY_MS = 24 * 60 * 60_000;

describe('BAN_PERIODS', () => {
  it('lists the nine periods in order with their length in minutes', () => {
    expect(BAN_PERIODS).toEqual([
      { key: '5m', minutes: 5 },
      { key: '10m', minutes: 10 },
      { key: '30m', minutes: 30 },
      { key: '1h', minutes: 60 },
      { key: '24h', minutes: 1440 },
      { key: '7d', minutes: 10_080 },
      { key: '1M', minutes: 43_200 },
      { key: '1y', minutes: 525_600 },
      { key: 'forever', minutes: null },
    ]);
    expect(BAN_PERIOD_KEYS).toEqual(BAN_PERIODS.map((period) => period.key));
  });

  it('gives the minutes of a key, null for forever', () => {
    expect(banPeriodMinutes('1h')).toBe(60);
    expect(banPeriodMinutes('7d')).toBe(7 * 24 * 60);
    expect(banPeriodMinutes('forever')).toBeNull();
  });

  it('throws for a key that slipped past the type checker', () => {
    expect(() => banPeriodMinutes('2d' as BanPeriodKey)).toThrow(RangeError);
    expect(() => banPeriodMinutes('__proto__' as BanPeriodKey)).toThrow(RangeError);
  });
});

describe('banEndsAt', () => {
  const from = new Date('2024-03-01T12:00:00.000Z');

  it('adds the period to the start', () => {
    expect(banEndsAt('5m', from)).toBe('2024-03-01T12:05:00.000Z');
    expect(banEndsAt('24h', from)).toBe('2024-03-02T12:00:00.000Z');
    expect(banEndsAt('1M', from)).toBe('2024-03-31T12:00:00.000Z');
    expect(banEndsAt('1y', from)).toBe('2025-03-01T12:00:00.000Z');
  });

  it('has no end for forever', () => {
    expect(banEndsAt('forever', from)).toBeNull();
  });
});

describe('banPeriodLabel', () => {
  it('gives the English labels', () => {
    expect(BAN_PERIODS.map((period) => banPeriodLabel(period.key, 'en'))).toEqual([
      '5 minutes',
      '10 minutes',
      '30 minutes',
      '1 hour',
      '24 hours',
      '1 week',
      '1 month',
      '1 year',
      'Forever',
    ]);
  });

  it('gives the Russian labels, with 7 days instead of 1 week', () => {
    expect(BAN_PERIODS.map((period) => banPeriodLabel(period.key, 'ru'))).toEqual([
      '5 минут',
      '10 минут',
      '30 минут',
      '1 час',
      '24 часа',
      '7 дней',
      '1 месяц',
      '1 год',
      'Навсегда',
    ]);
  });
});

describe('isBanPeriodKey', () => {
  it('accepts only the listed keys', () => {
    expect(isBanPeriodKey('5m')).toBe(true);
    expect(isBanPeriodKey('1y')).toBe(true);
    expect(isBanPeriodKey('forever')).toBe(true);
    expect(isBanPeriodKey('1M')).toBe(true);
    expect(isBanPeriodKey('1m')).toBe(false);
    expect(isBanPeriodKey('')).toBe(false);
    expect(isBanPeriodKey('1-year')).toBe(false);
    expect(isBanPeriodKey(5)).toBe(false);
    expect(isBanPeriodKey('constructor')).toBe(false);
    expect(isBanPeriodKey(null)).toBe(false);
  });
});

describe('ban reasons', () => {
  it('lists the six reasons', () => {
    expect(BAN_REASONS).toEqual(['profanity', 'behavior', 'flood', 'spam', 'nick', 'taboo']);
  });

  it('labels each reason in both languages', () => {
    expect(BAN_REASONS.map((reason) => banReasonLabel(reason, 'en'))).toEqual([
      'Profanity',
      'Inappropriate behavior',
      'Flood',
      'Spam',
      'Inappropriate nickname',
      'Taboo topics',
    ]);
    expect(BAN_REASONS.map((reason) => banReasonLabel(reason, 'ru'))).toEqual([
      'Нецензурная лексика',
      'Неадекватное поведение',
      'Флуд',
      'Спам',
      'Недопустимый ник',
      'Запрещённые темы',
    ]);
  });

  it('recognises only the listed reasons', () => {
    expect(isBanReason('spam')).toBe(true);
    expect(isBanReason('Spam')).toBe(false);
    expect(isBanReason('toString')).toBe(false);
    expect(isBanReason(undefined)).toBe(false);
  });
});

describe('BAN_TYPES', () => {
  it('lists gag, ban and full ban', () => {
    expect(BAN_TYPES).toEqual(['gag', 'ban', 'full_ban']);
    expect(isBanType('gag')).toBe(true);
    expect(isBanType('full_ban')).toBe(true);
    expect(isBanType('full-ban')).toBe(false);
    expect(isBanType('warn')).toBe(false);
    expect(isBanType('__proto__')).toBe(false);
    expect(isBanType(1)).toBe(false);
  });

  it('numbers the types from one as on the wire', () => {
    expect(banTypeId('gag')).toBe(1);
    expect(banTypeId('ban')).toBe(2);
    expect(banTypeId('full_ban')).toBe(3);
  });

  it('counts a full ban as a ban, a gag as a gag', () => {
    expect(banKind('gag')).toBe('gag');
    expect(banKind('ban')).toBe('ban');
    expect(banKind('full_ban')).toBe('ban');
  });
});

describe('suggestBanPeriod', () => {
  const now = new Date('2024-06-01T00:00:00.000Z');
  const daysAgo = (days: number) => ({
    created_at: new Date(now.getTime() - days * DAY_MS).toISOString(),
  });
  const recent = (count: number) => Array.from({ length: count }, (_, i) => daysAgo(i + 1));

  it('offers 5 minutes for a first violation', () => {
    expect(suggestBanPeriod([], now)).toBe('5m');
  });

  it('climbs one step for each earlier violation', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => suggestBanPeriod(recent(n), now))).toEqual([
      '5m',
      '30m',
      '1h',
      '24h',
      '7d',
      '1M',
      '1y',
    ]);
  });

  it('stops at one year, never suggests forever', () => {
    expect(suggestBanPeriod(recent(7), now)).toBe('1y');
    expect(suggestBanPeriod(recent(50), now)).toBe('1y');
  });

  it('forgets violations older than the memory window', () => {
    expect(VIOLATION_MEMORY_DAYS).toBe(180);
    const old = [daysAgo(181), daysAgo(365), daysAgo(1000)];
    expect(suggestBanPeriod(old, now)).toBe('5m');
    expect(suggestBanPeriod([...old, daysAgo(10)], now)).toBe('30m');
  });

  it('still counts a violation exactly at the edge of the window', () => {
    expect(suggestBanPeriod([daysAgo(VIOLATION_MEMORY_DAYS)], now)).toBe('30m');
  });
});
