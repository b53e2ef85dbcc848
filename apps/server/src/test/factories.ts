import { DEFAULT_CHAT_SETTINGS, nickKey } from '@chat/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../db/schema';
import { xsrfTokenFor, SESSION_COOKIE, XSRF_COOKIE } from '../http/session';
import { nowIso } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';

export const TEST_PASSWORD = 'secret-password';
let passwordHash: Promise<string> | null = null;

let counter = 0;

/** A user row straight in the database (no HTTP, one shared scrypt hash for speed). */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<
    Pick<UserRow, 'nick' | 'role' | 'phone' | 'email' | 'gender' | 'birthdate'>
  > = {},
): Promise<UserRow> {
  counter += 1;
  const nick = overrides.nick ?? `user${counter}${Math.random().toString(36).slice(2, 6)}`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return app.deps.accounts.insert({
    slug: `${nick.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${counter}`,
    nick,
    nick_key: nickKey(nick),
    password_hash: overrides.role === 'guest' ? null : await passwordHash,
    email: overrides.email ?? null,
    phone: overrides.phone ?? null,
    gender: overrides.gender ?? null,
    birthdate: overrides.birthdate ?? null,
    role: overrides.role ?? 'user',
    settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
    nick_style: '{}',
    avatar: null,
    frame: null,
    created_at: nowIso(),
    active_at: null,
  });
}

export interface Client {
  user: UserRow;
  token: string;
  /** Calls the API as this user with the browser's cookie + XSRF header. */
  asBrowser(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** Calls the API as this user with a bearer token. */
  asBearer(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A signed-in session for a user, without going through the sign-in rate limits. */
export async function signedIn(app: FastifyInstance, user: UserRow): Promise<Client> {
  const token = newToken();
  const at = nowIso();
  await app.deps.sessions.create({
    user_id: user.id,
    token_hash: hashToken(token),
    user_agent: 'vitest',
    ip: '127.0.0.1',
    created_at: at,
    last_active_at: at,
  });
  return clientOf(app, user, token);
}

/** The calls of a user whose session token is known: cookie + XSRF, or bearer. */
export function clientOf(app: FastifyInstance, user: UserRow, token: string): Client {
  const xsrf = xsrfTokenFor(app.deps.config.secrets.appKey, token);
  return {
    user,
    token,
    asBrowser: (opts) =>
      app.inject({
        ...opts,
        cookies: { [SESSION_COOKIE]: token, [XSRF_COOKIE]: xsrf, ...(opts.cookies ?? {}) },
        headers: { 'x-xsrf-token': xsrf, ...(opts.headers ?? {}) },
      }),
    asBearer: (opts) =>
      app.inject({
        ...opts,
        headers: { authorization: `Bearer ${token}`, ...(opts.headers ?? {}) },
      }),
  };
}

/** Parses a JSON answer. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}
