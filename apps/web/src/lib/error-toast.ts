import { relativeTimeFromNow, type ErrorEnvelope, type Locale } from '@chat/shared';

export type Translate = (key: string, locale: Locale, params?: Record<string, string>) => string;

export interface FailedResponse {
  status: number;
  envelope: Partial<ErrorEnvelope> | null;
  headers: Headers;
}

const SERVER_ERRORS = new Set([500, 502, 503, 504]);

/**
 * The toast text of a failed call, per the spec's error catalogue (section 8). Unlike the
 * original client, 5xx answers do show "Server error", since saying nothing helps no one.
 */
export function errorToastText(
  failed: FailedResponse,
  locale: Locale,
  now: number,
  t: Translate,
): string {
  const { status, envelope, headers } = failed;
  const message = envelope?.message?.trim() ? envelope.message : null;
  switch (status) {
    case 401:
      return t('errors:unauthorized', locale);
    case 403:
      if (envelope?.code === 'guest') return t('errors:guest', locale);
      // A sanction is said in the interface language, whatever the server's message.
      if (envelope?.code === 'banned') return t('errors:banned', locale);
      if (envelope?.code === 'gagged') return t('errors:gagged', locale);
      return message ?? t('errors:forbidden', locale);
    case 404:
      return t('errors:notFound', locale);
    case 419:
      return t('errors:sessionExpired', locale);
    case 429:
      return t('errors:tooFast', locale, { interval: retryInterval(headers, locale, now) });
  }
  if (SERVER_ERRORS.has(status)) return t('errors:server', locale);
  return message ?? t('errors:unknown', locale);
}

function retryInterval(headers: Headers, locale: Locale, now: number): string {
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return relativeTimeFromNow(reset, now, locale);
  // Without the reset header, Retry-After (seconds from now) says the same thing.
  const after = Number(headers.get('retry-after'));
  const seconds = Number.isFinite(after) ? after : 1;
  return relativeTimeFromNow(now / 1000 + seconds, now, locale);
}
