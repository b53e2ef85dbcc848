import type { Locale } from '../locale';

type WaitUnit = 'second' | 'minute' | 'hour' | 'day';

const SECONDS_IN: Record<Exclude<WaitUnit, 'second'>, number> = {
  minute: 60,
  hour: 3600,
  day: 86_400,
};

const formatters = new Map<Locale, Intl.RelativeTimeFormat>();

function formatterFor(locale: Locale): Intl.RelativeTimeFormat {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

// Every step rounds up: telling someone to retry too early only earns them another 429.
function waitInUnits(seconds: number): [amount: number, unit: WaitUnit] {
  if (seconds < SECONDS_IN.minute) {
    return [seconds, 'second'];
  }
  const minutes = Math.ceil(seconds / SECONDS_IN.minute);
  if (minutes < 60) {
    return [minutes, 'minute'];
  }
  const hours = Math.ceil(seconds / SECONDS_IN.hour);
  if (hours < 24) {
    return [hours, 'hour'];
  }
  return [Math.ceil(seconds / SECONDS_IN.day), 'day'];
}

/**
 * The `{interval}` of the 429 toast "Too fast... Try again {interval}." (spec section 8), from the
 * rate-limit reset header (unix seconds): "in 30 seconds", "через 2 часа". The toast always
 * points forward, so a reset that is now, already past or unreadable reads "in 1 second".
 */
export function relativeTimeFromNow(
  resetUnixSeconds: number,
  nowMs: number,
  locale: Locale,
): string {
  const remaining = Math.ceil((resetUnixSeconds * 1000 - nowMs) / 1000);
  const seconds = Number.isFinite(remaining) ? Math.max(1, remaining) : 1;
  const [amount, unit] = waitInUnits(seconds);
  return formatterFor(locale).format(amount, unit);
}
