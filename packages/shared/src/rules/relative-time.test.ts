import { describe, expect, it } from 'vitest';
import { pluralRu } from './plural';
import { relativeTimeFromNow } from './relative-time';

const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('relativeTimeFromNow', () => {
  it('checks what Intl.RelativeTimeFormat prints in this Node build', () => {
    const en = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    const ru = new Intl.RelativeTimeFormat('ru', { numeric: 'always' });
    expect(en.format(1, 'second')).toBe('in 1 second');
    expect(en.format(30, 'second')).toBe('in 30 seconds');
    expect(ru.format(1, 'second')).toBe('через 1 секунду');
    expect(ru.format(2, 'hour')).toBe('через 2 часа');
    expect(ru.format(5, 'minute')).toBe('через 5 минут');
  });

  it('gives seconds under a minute', () => {
    expect(relativeTimeFromNow(NOW_S + 30, NOW_MS, 'en')).toBe('in 30 seconds');
    expect(relativeTimeFromNow(NOW_S + 30, NOW_MS, 'ru')).toBe('через 30 секунд');
    expect(relativeTimeFromNow(NOW_S + 1, NOW_MS, 'en')).toBe('in 1 second');
    expect(relativeTimeFromNow(NOW_S + 1, NOW_MS, 'ru')).toBe('через 1 секунду');
    expect(relativeTimeFromNow(NOW_S + 22, NOW_MS, 'ru')).toBe('через 22 секунды');
    expect(relativeTimeFromNow(NOW_S + 59, NOW_MS, 'en')).toBe('in 59 seconds');
  });

  it('gives minutes from one minute up to an hour', () => {
    expect(relativeTimeFromNow(NOW_S + 60, NOW_MS, 'en')).toBe('in 1 minute');
    expect(relativeTimeFromNow(NOW_S + 60, NOW_MS, 'ru')).toBe('через 1 минуту');
    expect(relativeTimeFromNow(NOW_S + 300, NOW_MS, 'en')).toBe('in 5 minutes');
    expect(relativeTimeFromNow(NOW_S + 300, NOW_MS, 'ru')).toBe('через 5 минут');
    expect(relativeTimeFromNow(NOW_S + 21 * 60, NOW_MS, 'ru')).toBe('через 21 минуту');
  });

  it('rounds a partial unit up so the user never retries too early', () => {
    expect(relativeTimeFromNow(NOW_S + 61, NOW_MS, 'en')).toBe('in 2 minutes');
    expect(relativeTimeFromNow(NOW_S + 3599, NOW_MS, 'en')).toBe('in 1 hour');
    expect(relativeTimeFromNow(NOW_S + 3601, NOW_MS, 'en')).toBe('in 2 hours');
    // 0.2 s left still shows one second, not zero.
    expect(relativeTimeFromNow(NOW_S + 10, NOW_MS + 9800, 'en')).toBe('in 1 second');
    expect(relativeTimeFromNow(NOW_S + 10, NOW_MS + 1, 'en')).toBe('in 10 seconds');
  });

  it('gives hours under a day and days after', () => {
    expect(relativeTimeFromNow(NOW_S + 7200, NOW_MS, 'en')).toBe('in 2 hours');
    expect(relativeTimeFromNow(NOW_S + 7200, NOW_MS, 'ru')).toBe('через 2 часа');
    expect(relativeTimeFromNow(NOW_S + 5 * 3600, NOW_MS, 'ru')).toBe('через 5 часов');
    expect(relativeTimeFromNow(NOW_S + 86_400, NOW_MS, 'en')).toBe('in 1 day');
    expect(relativeTimeFromNow(NOW_S + 3 * 86_400, NOW_MS, 'ru')).toBe('через 3 дня');
  });

  it('says "in 1 second" for a reset that is now or already past', () => {
    expect(relativeTimeFromNow(NOW_S, NOW_MS, 'en')).toBe('in 1 second');
    expect(relativeTimeFromNow(NOW_S, NOW_MS, 'ru')).toBe('через 1 секунду');
    expect(relativeTimeFromNow(NOW_S - 3600, NOW_MS, 'en')).toBe('in 1 second');
    expect(relativeTimeFromNow(0, NOW_MS, 'ru')).toBe('через 1 секунду');
  });

  it('says "in 1 second" for an unreadable reset time', () => {
    expect(relativeTimeFromNow(Number.NaN, NOW_MS, 'en')).toBe('in 1 second');
    expect(relativeTimeFromNow(Number.POSITIVE_INFINITY, NOW_MS, 'en')).toBe('in 1 second');
    expect(relativeTimeFromNow(NOW_S + 5, Number.NaN, 'ru')).toBe('через 1 секунду');
  });

  it('agrees with pluralRu for every second count under a minute', () => {
    for (let n = 1; n < 60; n += 1) {
      const unit = pluralRu(n, ['секунду', 'секунды', 'секунд']);
      expect(relativeTimeFromNow(NOW_S + n, NOW_MS, 'ru')).toBe(`через ${n} ${unit}`);
    }
  });

  it('agrees with pluralRu for every minute count under an hour', () => {
    for (let n = 1; n < 60; n += 1) {
      const unit = pluralRu(n, ['минуту', 'минуты', 'минут']);
      expect(relativeTimeFromNow(NOW_S + n * 60, NOW_MS, 'ru')).toBe(`через ${n} ${unit}`);
    }
  });
});
