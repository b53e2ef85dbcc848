import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOADS_PER_MINUTE, VIDEO_RECONNECT_GRACE_SECONDS } from '@chat/shared';
import type { S3Options } from './lib/storage/s3-storage';
import type { MailConfig } from './lib/mail/mailer';
import { defaultSender } from './lib/mail/site-name';
import { PASSWORD_HASH_COST } from './lib/passwords';
import { readSocialConfig, type SocialConfig } from './config-social';

/**
 * The one place that reads the environment. Every variable is validated here; a bad value stops
 * the start with a message naming the variable, instead of failing later in some distant module.
 */
const port = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  WS_PORT: port.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUSHER_APP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  PUSHER_KEY: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
  PUSHER_SECRET: z.string().min(16).optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  BUILD_KEY: z.string().min(1).max(128).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  TRUST_PROXY: z
    .string()
    .refine((v) => parseTrustProxy(v) !== null, {
      message:
        'must be false, true (one proxy), a number of proxies, or a comma-separated list of the proxies’ addresses or CIDR ranges',
    })
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REALTIME_NODE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  // Sockets one node takes (docs/security.md "Realtime connection caps"); 0: no cap.
  REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(0).default(20_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(50),
  REALTIME_MAX_SOCKETS_PER_ACCOUNT: z.coerce.number().int().min(0).default(30),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 ** 3)
    .default(UPLOAD_MAX_BYTES),
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(UPLOADS_PER_MINUTE),
  ADULT_CLASSIFIER: z.enum(['on', 'off']).default('on'),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
  // log2 of scrypt's N for new password hashes (lib/passwords.ts); below 15 only on a local
  // site: the tests' servers, which register and sign in thousands of times.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PASSWORD_HASH_COST),
  // How often a node asks the sockets about rooms' stale presence entries (0: never; tests).
  PRESENCE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Unset: on only for a local site (PUBLIC_URL on localhost) without a real provider.
  PAYMENTS_TEST_ENABLED: z.enum(['0', '1', 'true', 'false']).optional(),
  PAYMENTS_TEST_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  YOOKASSA_SHOP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  YOOKASSA_SECRET_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  YOOKASSA_API_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .default('https://api.yookassa.ru'),
  YOOKASSA_NOTICE_IPS: z
    .string()
    .refine((v) => v.split(',').every((part) => isAddressOrRange(part.trim())), {
      message: 'must be a comma-separated list of IP addresses or CIDR ranges',
    })
    .optional(),
  // Outgoing mail (lib/mail): without SMTP_URL, mails are written to DATA_DIR/mail as .eml files.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address, like "Chatik <no-reply@example.com>"')
    .optional(),
  // Video rooms (features/video): the ICE servers handed to browsers. TURN by coturn's REST
  // mode (`use-auth-secret`): credentials made per person from TURN_SECRET, never a password.
  STUN_URLS: iceUrls('stun'),
  TURN_URLS: iceUrls('turn'),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  // How long a participant whose sockets all closed stays in a call (tests shorten it).
  VIDEO_RECONNECT_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(VIDEO_RECONNECT_GRACE_SECONDS),
});

/** A comma-separated list of `stun:`/`stuns:` (or `turn:`/`turns:`) URIs (RFC 7064, 7065). */
function iceUrls(scheme: 'stun' | 'turn') {
  const uri = new RegExp(`^${scheme}s?:[^\\s,?]+(\\?transport=(udp|tcp))?$`);
  return z
    .string()
    .refine((v) => splitList(v).length > 0 && splitList(v).every((part) => uri.test(part)), {
      message: `must be a comma-separated list of ${scheme}: or ${scheme}s: URIs, like ${scheme}:${scheme}.example.org:3478`,
    })
    .optional();
}

/** The non-empty parts of a comma-separated variable, trimmed. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** `1.2.3.4`, `2a02:5180::1`, `185.71.76.0/27`, `2a02:5180::/32`. */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Named ranges proxy-addr (Fastify's trustProxy) knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 16;

/**
 * Which proxies' X-Forwarded-For entries to believe: none (false), the last `n` hops, or the
 * hops that come from these addresses. `true` is one hop, never Fastify's "trust everyone", which
 * would take the left-most entry: the one the client writes. null: not a valid value.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d{1,3}$/.test(v)) return Number(v) <= MAX_PROXY_HOPS ? Number(v) : null;
  const parts = v.split(',').map((part) => part.trim());
  return parts.every((part) => NAMED_RANGES.has(part) || isAddressOrRange(part)) ? parts : null;
}

/** false: no proxy; a number: that many hops; a list: the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/** localhost, *.localhost, 127.0.0.0/8 and ::1: a site on the developer's own machine. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export interface Secrets {
  appKey: string;
  pusherAppId: string;
  pusherKey: string;
  pusherSecret: string;
  /** Signs the local test payment provider's notices (HMAC-SHA256 of the body). */
  paymentsTestSecret: string;
}

/** YooKassa's shop (payments/yookassa.ts); null when not configured. */
export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  /** Without a trailing slash; `/v3/payments` is added. */
  apiUrl: string;
  /** Addresses notices may come from; null: any (each notice is checked with the API anyway). */
  noticeIps: string[] | null;
}

export interface Config {
  port: number;
  host: string;
  wsPort: number | null;
  dataDir: string;
  databaseUrl: string;
  redisUrl: string | null;
  publicUrl: string;
  adminPassword: string | null;
  buildKey: string | null;
  /** Bearer token of /metrics; null: /metrics answers only to this machine (features/ops). */
  metricsToken: string | null;
  trustProxy: TrustProxy;
  logLevel: string;
  seedDemo: boolean;
  rateLimits: { login: number; register: number; messages: number };
  /** With Redis: a node silent this long is dead and its presence members are removed. */
  realtimeNodeTimeoutMs: number;
  /**
   * Sockets one node takes: in all, from one client address (an IPv6 /64; behind a trusted
   * proxy, the forwarded one), and claimed by one account. 0: no cap.
   */
  realtimeCaps: { maxConnections: number; perAddress: number; perAccount: number };
  /** Where uploaded files live (lib/storage). */
  storage: {
    driver: 'local' | 's3';
    s3: S3Options;
  };
  uploads: { maxBytes: number; perMinute: number; adultClassifier: boolean };
  /** Jobs one node runs at once (features/jobs); 0: this node runs none. */
  jobConcurrency: number;
  /** log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST; lowered by tests only). */
  passwordHashCost: number;
  /** How often the room presence sweep runs on this node, in ms; 0: never. */
  presenceSweepMs: number;
  /**
   * Top-up providers (features/economy/payments). The test provider credits coins for nothing:
   * on only when asked for (PAYMENTS_TEST_ENABLED) or on a local site, never beside YooKassa.
   */
  payments: { testEnabled: boolean; yookassa: YookassaConfig | null };
  /** Sign-in with other sites (config-social.ts): the providers whose keys are set. */
  social: SocialConfig;
  /** Outgoing mail (lib/mail): SMTP when `smtpUrl` is set, else files; the From header. */
  mail: MailConfig;
  /** Video rooms (features/video). */
  video: VideoConfig;
  secrets: Secrets;
}

/** The ICE servers of the video rooms, and how long a participant may be away from a call. */
export interface VideoConfig {
  stunUrls: string[];
  /** Empty: no TURN (then `turnSecret` is null too). */
  turnUrls: string[];
  /** coturn's `static-auth-secret`: each person's credentials are an HMAC under it. */
  turnSecret: string | null;
  /** How long a person's TURN credentials work. */
  turnTtlSeconds: number;
  /** A participant whose every socket in the room closed is taken out of the call after this. */
  reconnectGraceSeconds: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; generates missing secrets into DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(pickDefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER is s3',
    );
  if (Boolean(e.YOOKASSA_SHOP_ID) !== Boolean(e.YOOKASSA_SECRET_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: set both or neither',
    );
  if (Boolean(e.TURN_URLS) !== Boolean(e.TURN_SECRET))
    throw new ConfigError(
      'Invalid configuration:\n  TURN_URLS, TURN_SECRET: set both or neither (TURN credentials are made from the secret)',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const realProvider = Boolean(e.YOOKASSA_SHOP_ID);
  const testAsked = e.PAYMENTS_TEST_ENABLED;
  const testEnabled =
    testAsked === undefined
      ? isLocalUrl(publicUrl) && !realProvider
      : testAsked === '1' || testAsked === 'true';
  if (testEnabled && realProvider)
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_TEST_ENABLED: the test payment provider credits coins without payment and may not run beside YooKassa; unset it or set it to 0',
    );
  if (e.PASSWORD_HASH_COST < PASSWORD_HASH_COST && !isLocalUrl(publicUrl))
    throw new ConfigError(
      `Invalid configuration:\n  PASSWORD_HASH_COST: below ${PASSWORD_HASH_COST} only for the tests' local sites (PUBLIC_URL on localhost)`,
    );
  let social: SocialConfig;
  try {
    social = readSocialConfig(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const stored = loadOrCreateSecrets(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    wsPort: e.WS_PORT ?? null,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${join(dataDir, 'chat.sqlite')}`,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    buildKey: e.BUILD_KEY ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    rateLimits: {
      login: e.LOGIN_RATE_LIMIT,
      register: e.REGISTER_RATE_LIMIT,
      messages: e.MESSAGE_RATE_LIMIT,
    },
    realtimeNodeTimeoutMs: e.REALTIME_NODE_TIMEOUT_MS,
    realtimeCaps: {
      maxConnections: e.REALTIME_MAX_CONNECTIONS,
      perAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
      perAccount: e.REALTIME_MAX_SOCKETS_PER_ACCOUNT,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT ?? null,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET ?? '',
        accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
      },
    },
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      perMinute: e.UPLOADS_PER_MINUTE,
      adultClassifier: e.ADULT_CLASSIFIER === 'on',
    },
    jobConcurrency: e.JOB_CONCURRENCY,
    passwordHashCost: e.PASSWORD_HASH_COST,
    presenceSweepMs: e.PRESENCE_SWEEP_SECONDS * 1000,
    payments: {
      testEnabled,
      yookassa:
        e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
          ? {
              shopId: e.YOOKASSA_SHOP_ID,
              secretKey: e.YOOKASSA_SECRET_KEY,
              apiUrl: e.YOOKASSA_API_URL.replace(/\/+$/, ''),
              noticeIps: e.YOOKASSA_NOTICE_IPS
                ? e.YOOKASSA_NOTICE_IPS.split(',').map((part) => part.trim())
                : null,
            }
          : null,
    },
    social,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? defaultSender(publicUrl) },
    video: {
      stunUrls: splitList(e.STUN_URLS ?? ''),
      turnUrls: splitList(e.TURN_URLS ?? ''),
      turnSecret: e.TURN_SECRET ?? null,
      turnTtlSeconds: e.TURN_TTL_SECONDS,
      reconnectGraceSeconds: e.VIDEO_RECONNECT_GRACE_SECONDS,
    },
    secrets: {
      appKey: e.APP_KEY ?? stored.appKey,
      pusherAppId: e.PUSHER_APP_ID ?? stored.pusherAppId,
      pusherKey: e.PUSHER_KEY ?? stored.pusherKey,
      pusherSecret: e.PUSHER_SECRET ?? stored.pusherSecret,
      paymentsTestSecret: e.PAYMENTS_TEST_SECRET ?? stored.paymentsTestSecret,
    },
  };
}

/** An empty variable counts as unset, the way shells and .env files are usually written. */
function pickDefined(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

const secretsSchema = z.object({
  appKey: z.string().min(32),
  pusherAppId: z.string().min(1),
  pusherKey: z.string().min(8),
  pusherSecret: z.string().min(16),
  // Added later than the others: a file written before it gets it on the next start.
  paymentsTestSecret: z.string().min(16).optional(),
});

/**
 * Secrets live in DATA_DIR/secrets.json, created on first start with owner-only permissions, so
 * a fresh clone works without setup and nothing secret is ever committed.
 */
function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = secretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new ConfigError(`${file} is damaged; delete it to regenerate`);
    const { paymentsTestSecret, ...older } = parsed.data;
    if (paymentsTestSecret) return { ...older, paymentsTestSecret };
    const completed = { ...older, paymentsTestSecret: randomBytes(24).toString('hex') };
    writeFileSync(file, JSON.stringify(completed, null, 2), { mode: 0o600 });
    return completed;
  }
  const secrets: Secrets = {
    appKey: randomBytes(32).toString('base64url'),
    pusherAppId: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)),
    pusherKey: randomBytes(10).toString('hex'),
    pusherSecret: randomBytes(20).toString('hex'),
    paymentsTestSecret: randomBytes(24).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
