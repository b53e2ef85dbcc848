import { z } from 'zod';

/**
 * The sign-in providers a site turns on (issue 24), read from the environment by config.ts.
 * Each is on only when its keys are set. Built in: VK ID, Yandex ID, Mail.ru, Google and
 * Telegram; any other OpenID Connect provider by `OIDC_{NAME}_ISSUER`, `_CLIENT_ID`,
 * `_CLIENT_SECRET` and an optional `_LABEL` (README "Sign-in with other sites").
 */
export interface OAuthProviderConfig {
  /** Our short name for it: `vk`, `yandex`, `mailru`, `google`, or the OIDC name in lower case. */
  id: string;
  /** Which of the built-in behaviours, or `oidc` for a provider found by discovery. */
  kind: 'vk' | 'yandex' | 'mailru' | 'google' | 'oidc';
  label: string;
  clientId: string;
  clientSecret: string;
  /** OpenID Connect discovery's issuer (Google's, or an added provider's). */
  issuer?: string;
}

export interface TelegramConfig {
  botToken: string;
  /** The bot's username, shown under Telegram's own button. */
  botName: string;
  /** The bot's numeric id: the token's part before the colon. */
  botId: string;
}

export interface SocialConfig {
  providers: OAuthProviderConfig[];
  telegram: TelegramConfig | null;
}

const BUILT_IN = [
  { id: 'vk', kind: 'vk', label: 'VK ID', env: 'VK' },
  { id: 'yandex', kind: 'yandex', label: 'Yandex ID', env: 'YANDEX' },
  { id: 'mailru', kind: 'mailru', label: 'Mail.ru', env: 'MAILRU' },
  { id: 'google', kind: 'google', label: 'Google', env: 'GOOGLE' },
] as const;

const RESERVED_IDS = new Set<string>(['telegram', ...BUILT_IN.map((p) => p.id)]);
const secretText = z.string().min(1).max(512);
const issuerUrl = z.url({ message: 'must be an absolute http(s) URL' });
const telegramToken = z
  .string()
  .regex(/^\d{3,20}:[\w-]{20,80}$/, 'must be a bot token (id:secret)');

function fail(lines: string[]): never {
  // config.ts turns this into its ConfigError with the same wording.
  throw new Error(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

function pair(env: NodeJS.ProcessEnv, prefix: string): { id: string; secret: string } | null {
  const id = env[`${prefix}_CLIENT_ID`] || undefined;
  const secret = env[`${prefix}_CLIENT_SECRET`] || undefined;
  if (!id && !secret) return null;
  if (!id || !secret) fail([`${prefix}_CLIENT_ID, ${prefix}_CLIENT_SECRET: set both or neither`]);
  if (!secretText.safeParse(id).success || !secretText.safeParse(secret).success)
    fail([`${prefix}_CLIENT_ID, ${prefix}_CLIENT_SECRET: 1 to 512 characters`]);
  return { id, secret };
}

export function readSocialConfig(env: NodeJS.ProcessEnv): SocialConfig {
  const providers: OAuthProviderConfig[] = [];
  for (const p of BUILT_IN) {
    const keys = pair(env, p.env);
    if (!keys) continue;
    providers.push({
      id: p.id,
      kind: p.kind,
      label: p.label,
      clientId: keys.id,
      clientSecret: keys.secret,
      ...(p.kind === 'google' ? { issuer: 'https://accounts.google.com' } : {}),
    });
  }
  const names = Object.keys(env)
    .map((key) => /^OIDC_([A-Z][A-Z0-9_]{0,30})_ISSUER$/.exec(key)?.[1])
    .filter((name): name is string => name !== undefined && Boolean(env[`OIDC_${name}_ISSUER`]))
    .sort();
  for (const name of names) {
    const id = name.toLowerCase();
    const prefix = `OIDC_${name}`;
    if (RESERVED_IDS.has(id)) fail([`${prefix}_ISSUER: ${id} is a built-in provider's name`]);
    const issuer = issuerUrl.safeParse(env[`${prefix}_ISSUER`]);
    if (!issuer.success) fail([`${prefix}_ISSUER: must be an absolute http(s) URL`]);
    const keys = pair(env, prefix);
    if (!keys) fail([`${prefix}_CLIENT_ID, ${prefix}_CLIENT_SECRET: required with the issuer`]);
    providers.push({
      id,
      kind: 'oidc',
      label: (env[`${prefix}_LABEL`] || name).slice(0, 64),
      clientId: keys.id,
      clientSecret: keys.secret,
      issuer: issuer.data,
    });
  }
  let telegram: TelegramConfig | null = null;
  const token = env.TELEGRAM_BOT_TOKEN || undefined;
  const botName = env.TELEGRAM_BOT_NAME || undefined;
  if (token || botName) {
    if (!token || !botName) fail(['TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_NAME: set both or neither']);
    if (!telegramToken.safeParse(token).success)
      fail(['TELEGRAM_BOT_TOKEN: must be a bot token (id:secret)']);
    telegram = { botToken: token, botName: botName.slice(0, 64), botId: token.split(':')[0]! };
  }
  return { providers, telegram };
}
