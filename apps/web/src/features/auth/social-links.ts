import type { AuthProvider, Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** Signing in (or up) with the provider, or linking it to the signed-in account. */
export type SocialIntent = 'signin' | 'link';

/** Telegram's own sign-in page: it sends the person back with `#tgAuthResult=...`. */
export const TELEGRAM_AUTH_URL = 'https://oauth.telegram.org/auth';

/**
 * The page Telegram sends the person back to (`/{locale}/auth/telegram`), with where to go once
 * signed in and, for the security page, `intent=link`.
 */
export function telegramReturnPath(locale: Locale, returnTo: string, intent: SocialIntent): string {
  const query = new URLSearchParams();
  if (intent === 'link') query.set('intent', 'link');
  query.set('return_to', returnTo);
  return `${localePath(locale, '/auth/telegram')}?${query.toString()}`;
}

/**
 * Where a provider's button leads (a full navigation, never a fetch): our own redirect for an
 * OAuth provider, Telegram's page for Telegram. `origin` is this site's (`location.origin`).
 */
export function providerHref(
  provider: AuthProvider,
  options: { returnTo: string; intent: SocialIntent; locale: Locale; origin: string },
): string | null {
  const { returnTo, intent, locale, origin } = options;
  if (provider.kind === 'telegram') {
    if (!provider.telegram) return null;
    const back = `${origin}${telegramReturnPath(locale, returnTo, intent)}`;
    return (
      `${TELEGRAM_AUTH_URL}?bot_id=${encodeURIComponent(provider.telegram.bot_id)}` +
      `&origin=${encodeURIComponent(origin)}` +
      `&return_to=${encodeURIComponent(back)}&request_access=write`
    );
  }
  const query = new URLSearchParams();
  if (intent === 'link') query.set('intent', 'link');
  query.set('return_to', returnTo);
  return `/api/auth/social/${encodeURIComponent(provider.id)}/redirect?${query.toString()}`;
}

/** The fields of Telegram's answer the server checks (API.md; every one takes part in the hash). */
export interface TelegramFields {
  id: string | number;
  auth_date: string | number;
  hash: string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
}

const TEXT_FIELDS = ['first_name', 'last_name', 'username', 'photo_url'] as const;
const isIdLike = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && isFinite(value));

function base64Text(encoded: string): string {
  // base64url or base64, padded or not.
  const standard = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // Names come in UTF-8 (Cyrillic, emoji): atob alone would give one character per byte.
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Telegram's answer from the address's hash (`#tgAuthResult=<base64url JSON>`), or null when it
 * is missing or cannot be read. Only the known fields are kept, as Telegram sent them.
 */
export function readTelegramResult(hash: string): TelegramFields | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const encoded = params.get('tgAuthResult');
  if (!encoded) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64Text(encoded));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const raw = parsed as Record<string, unknown>;
  if (!isIdLike(raw.id) || !isIdLike(raw.auth_date) || typeof raw.hash !== 'string') return null;
  const fields: TelegramFields = { id: raw.id, auth_date: raw.auth_date, hash: raw.hash };
  for (const name of TEXT_FIELDS) {
    const value = raw[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}
