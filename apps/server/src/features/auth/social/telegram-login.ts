import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { TelegramAuthBody } from '@chat/shared';
import type { ProviderPerson } from './provider-person';

/** How old a Telegram sign-in may be: its fields could be replayed for this long at most. */
export const TELEGRAM_MAX_AGE_S = 24 * 3600;

/** Fields of ours that travel beside Telegram's and take no part in its hash. */
const OURS = new Set(['hash', 'return_to', 'intent']);

/**
 * Checks the login widget's fields as Telegram documents: the hash is HMAC-SHA-256 of the
 * fields (`key=value`, sorted, one a line) under the SHA-256 of the bot token, and `auth_date`
 * is recent. Answers the person, or null when anything is off.
 */
export function verifyTelegramLogin(
  body: TelegramAuthBody,
  botToken: string,
  nowMs: number = Date.now(),
): ProviderPerson | null {
  const fields = Object.entries(body)
    .filter(([key, value]) => !OURS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
    .sort()
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(fields).digest();
  const given = Buffer.from(body.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const authDate = Number(body.auth_date);
  const ageS = nowMs / 1000 - authDate;
  // A minute of clock difference either way is allowed; older than a day is refused.
  if (!Number.isInteger(authDate) || ageS > TELEGRAM_MAX_AGE_S || ageS < -60) return null;
  if (!/^\d{1,20}$/.test(body.id)) return null;
  const name = [body.first_name, body.last_name].filter(Boolean).join(' ').trim();
  return {
    subject: body.id,
    name: name ? name.slice(0, 255) : null,
    username: body.username?.slice(0, 64) ?? null,
    email: null,
    emailVerified: false,
    picture: body.photo_url && /^https:\/\//.test(body.photo_url) ? body.photo_url : null,
  };
}
