/**
 * Sign-in with other sites in the hostile world (kit.ts): a first sign-in waiting for its nick
 * (the browser's key of it), and a Telegram link on the owner's account, and these routes'
 * cases (the auth module's social.routes.ts and my-social.routes.ts). The sweep's site turns
 * Telegram on with a test bot (SIGN_IN_ENV), so its signed fields can be made here.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hmac, newToken } from '../lib/tokens';
import { signTelegramFields } from '../test/telegram';
import { nextIp } from './auth-routes';
import type { RouteCase, SafeRouteCase, SignInWorld } from './world';

const BOT_TOKEN = '424242:hostile-sweep-bot-token-0123456789';

/** What the sweep's site is started with, beside its own variables. */
export const SIGN_IN_ENV = { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_BOT_NAME: 'sweep_bot' };

let telegramPeople = 0;

/** Telegram's fields for a new person, signed by the sweep's bot (each payload works once). */
function telegramFields(): Record<string, string> {
  telegramPeople += 1;
  const fields = {
    id: `${Date.now() % 1_000_000}${telegramPeople}`,
    first_name: 'Sweep',
    auth_date: String(Math.floor(Date.now() / 1000)),
  };
  return signTelegramFields(fields, BOT_TOKEN);
}

export async function buildSignInWorld(
  app: FastifyInstance,
  ownerId: number,
  at: string,
): Promise<SignInWorld> {
  const db = app.deps.database.db;
  const signupKey = newToken();
  const subject = randomBytes(6).toString('hex');
  await db
    .insertInto('auth_flows')
    .values({
      key_hash: hmac(app.deps.config.secrets.appKey, `auth-flow:signup:${signupKey}`),
      kind: 'signup',
      provider: 'telegram',
      data: JSON.stringify({
        person: {
          subject: `sweep-${subject}`,
          name: 'Sweep',
          username: null,
          email: null,
          emailVerified: false,
          picture: null,
        },
        returnTo: '/en/',
        locale: 'en',
      }),
      user_id: null,
      expires_at: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
      created_at: at,
    })
    .execute();
  await app.deps.database.db
    .insertInto('account_providers')
    .values({ user_id: ownerId, provider: 'telegram', subject: `owner-${subject}`, created_at: at })
    .execute();
  return { signupKey };
}

export const SIGN_IN_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/auth/telegram',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({
      method: 'POST',
      url: '/api/auth/telegram',
      payload: telegramFields(),
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'POST /api/auth/social/signup',
    access: 'public',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/auth/social/signup',
      payload: { nick: `S${randomBytes(5).toString('hex')}` },
      cookies: { social_signup: w.signIn.signupKey },
      remoteAddress: nextIp(),
    }),
  },
  {
    route: 'DELETE /api/auth/social/signup',
    access: 'public',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'DELETE',
      url: '/api/auth/social/signup',
      cookies: { social_signup: w.signIn.signupKey },
    }),
  },
  {
    route: 'DELETE /api/my/social/:provider',
    access: 'registered',
    body: false,
    realPost: false,
    // The owner has a password and a Telegram link: the link may go.
    actor: (w) => w.owner,
    call: () => ({ method: 'DELETE', url: '/api/my/social/telegram' }),
  },
];

export const SIGN_IN_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/auth/providers', url: () => '/api/auth/providers', access: 'public' },
  {
    route: 'GET /api/auth/nick-free',
    url: () => '/api/auth/nick-free?nick=%3Cscript%3E',
    access: 'public',
  },
  { route: 'GET /api/auth/social/signup', url: () => '/api/auth/social/signup', access: 'public' },
  {
    route: 'GET /api/auth/social/:provider/redirect',
    url: () => '/api/auth/social/nobody/redirect?return_to=%2F%2Fevil.example',
    access: 'public',
  },
  {
    route: 'GET /api/auth/social/:provider/callback',
    url: () => '/api/auth/social/nobody/callback?state=%22&code=NEAR(',
    access: 'public',
  },
  { route: 'GET /api/my/social', url: () => '/api/my/social', access: 'user' },
];
