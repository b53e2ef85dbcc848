import { describe, expect, it } from 'vitest';
import {
  BAN_PERIODS,
  BAN_REASONS,
  BAN_TYPES,
  banPeriodLabel,
  banPeriodMinutes,
  banReasonLabel,
  isBanPeriodKey,
  isBanReason,
  isBanType,
} from './bans';
import type { BanPeriodKey } from './bans';

describe('BAN_PERIODS', () => {
  it('lists the eight periods in order with their length in minutes', () => {
    expect(BAN_PERIODS).toEqual([
      { key: '5-minutes', minutes: 5 },
      { key: '10-minutes', minutes: 10 },
      { key: '30-minutes', minutes: 30 },
      { key: '1-hour', minutes: 60 },
      { key: '24-hours', minutes: 1440 },
      { key: '1-week', minutes: 10_080 },
      { key: '1-month', minutes: 43_200 },
      { key: '1-year', minutes: 525_600 },
    ]);
  });

  it('gives the minutes of a key', () => {
    expect(banPeriodMinutes('1-hour')).toBe(60);
    expect(banPeriodMinutes('1-week')).toBe(7 * 24 * 60);
  });

  it('throws for a key that slipped past the type checker', () => {
    expect(() => banPeriodMinutes('2-days' as BanPeriodKey)).toThrow(RangeError);
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
    ]);
  });
});

describe('isBanPeriodKey', () => {
  it('accepts only the listed keys', () => {
    expect(isBanPeriodKey('5-minutes')).toBe(true);
    expect(isBanPeriodKey('1-year')).toBe(true);
    expect(isBanPeriodKey('')).toBe(false);
    expect(isBanPeriodKey('1-Year')).toBe(false);
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
    expect(BAN_TYPES).toEqual(['gag', 'ban', 'full-ban']);
    expect(isBanType('gag')).toBe(true);
    expect(isBanType('full-ban')).toBe(true);
    expect(isBanType('warn')).toBe(false);
    expect(isBanType(1)).toBe(false);
  });
});
