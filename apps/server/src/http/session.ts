import type { Permission } from '@chat/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { viewerOf, ANONYMOUS, type Viewer } from '../access/viewer';
import type { SessionRow, UserRow } from '../db/schema';
import type { SessionsRepository } from '../features/auth/sessions.repository';
import { nowIso } from '../lib/clock';
import { hashToken, hmac, safeEqual } from '../lib/tokens';
import { AppError, guestForbidden, unauthenticated } from './app-error';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'chat_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const SESSION_MAX_AGE_S = 60 * 60 * 24 * 365;
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Marks a cookie-bound token (boundTokenFor); a session token is 43 base64url characters. */
const BOUND_PREFIX = 'cb_';

/** Who may call a route: anyone, any signed-in user (guests too), or registered users only. */
export type Access = 'public' | 'user' | 'registered';

/**
 * How a route meets sanctions: `exempt` (anyone may, e.g. signing out or appealing), `chat` (a
 * read of the chat or the messenger: a ban refuses it), `read` (a use of the chat that carries
 * no words of the caller's, such as entering a room, marking messages read or a room state: a
 * ban refuses it, a gag does not). Unmarked unsafe routes are refused to the banned and the
 * gagged.
 */
export type Sanctions = 'exempt' | 'chat' | 'read';

export interface Auth {
  user: UserRow | null;
  session: SessionRow | null;
  via: 'cookie' | 'bearer' | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth;
    /** Who is asking, as every policy of access/ reads them; built once, after the session. */
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    access?: Access;
    sanctions?: Sanctions;
    /**
     * `ignore`: the route never reads a session (no cookie, no bearer, no XSRF check): a page
     * that stands for a foreign site, like the test payment provider's, whose plain form cannot
     * send the XSRF header and has no business knowing who is signed in here.
     * `cached`: the session and user may come from memory (http/session-cache.ts) when the
     * route reads only who the caller is, what they may do and their sanctions (a chat post).
     */
    session?: 'ignore' | 'cached';
    /**
     * Permissions the caller must hold from the one table (the admin area's `admin.access` and
     * the page's own): 403 `forbidden` otherwise, before any handler runs.
     */
    permissions?: readonly Permission[];
  }
}

export interface SessionPluginOptions {
  sessions: SessionsRepository;
  /** Answers the `session: 'cached'` routes; without it every route reads the database. */
  cache?: SessionCache;
  appKey: string;
  secureCookies: boolean;
}

/**
 * Resolves the caller from `Authorization: Bearer` or the session cookie, enforces the XSRF
 * double-submit rule for cookie sessions (419), and each route's `config.access`.
 */
export const sessionPlugin = fp<SessionPluginOptions>(async (app, opts) => {
  app.decorateRequest('auth', null as unknown as Auth);
  app.decorateRequest('viewer', null as unknown as Viewer);

  app.addHook('onRequest', async (request, reply) => {
    request.auth = { user: null, session: null, via: null };
    request.viewer = ANONYMOUS;
    const mode = request.routeOptions.config.session;
    if (mode === 'ignore') return;
    const cache = mode === 'cached' ? opts.cache : undefined;
    const find = (tokenHash: string) =>
      cache ? cache.find(tokenHash) : opts.sessions.findWithUser(tokenHash);
    const bearer = bearerToken(request);
    const cookie = request.cookies[SESSION_COOKIE];
    let tokenHash: string;
    if (bearer !== undefined && cookie && isBoundTo(bearer, cookie, opts.appKey)) {
      // A browser's cookie-bound token with its own cookie: the cookie session. The header is
      // one no other site can send (nor know), so it stands for the XSRF token.
      tokenHash = hashToken(cookie);
      const found = await find(tokenHash);
      if (!found) throw unauthenticated();
      request.auth = { ...found, via: 'cookie' };
    } else if (bearer !== undefined) {
      tokenHash = bearer ? hashToken(bearer) : '';
      const found = bearer ? await find(tokenHash) : null;
      if (!found) throw unauthenticated();
      request.auth = { ...found, via: 'bearer' };
    } else {
      if (!cookie) return;
      tokenHash = hashToken(cookie);
      const found = await find(tokenHash);
      if (!found) {
        clearSessionCookies(reply, opts.secureCookies);
        return;
      }
      if (!SAFE_METHODS.has(request.method) && !xsrfMatches(request, opts.appKey, cookie)) {
        throw new AppError('session_expired');
      }
      request.auth = { ...found, via: 'cookie' };
    }
    request.viewer = viewerOf(request.auth.user);
    const session = request.auth.session;
    if (session && Date.now() - Date.parse(session.last_active_at) > TOUCH_EVERY_MS) {
      const at = nowIso();
      cache?.touched(tokenHash, at);
      opts.sessions.touch(session.id, at, request.ip).catch((err: unknown) => {
        request.log.warn({ err }, 'could not touch session');
      });
    }
  });

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const access = config.access ?? 'public';
    const viewer = request.viewer;
    if (access !== 'public') {
      if (viewer.id === null) throw unauthenticated();
      if (access === 'registered' && !viewer.registered) throw guestForbidden();
    }
    if (config.permissions?.some((permission) => !viewer.can(permission))) {
      if (viewer.id === null) throw unauthenticated();
      throw new AppError('forbidden');
    }
    if (viewer.id !== null) enforceSanctions(request.method, config.sanctions, viewer);
  });
});

/**
 * Sanctions are enforced here, once, rather than in each service: every write a route may add
 * later is covered without anyone remembering to check. The viewer was built from the row read
 * with the session, so this costs no query.
 */
function enforceSanctions(method: string, sanctions: Sanctions | undefined, viewer: Viewer) {
  if (sanctions === 'exempt') return;
  if (SAFE_METHODS.has(method)) {
    if (sanctions === 'chat' && viewer.banned) throw new AppError('banned');
    return;
  }
  if (viewer.banned) throw new AppError('banned');
  if (sanctions !== 'read' && viewer.gagged) throw new AppError('gagged');
}

/** undefined: no bearer header; '': a malformed one (refused like a wrong token). */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([\w-]{16,128})$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/**
 * What a browser page is given for `localStorage.apiToken` (the spec keeps the token there):
 * derived from its HttpOnly session cookie, and honoured as a bearer only beside that cookie.
 * A script that reads localStorage takes nothing it can use elsewhere; the browser's real
 * credential stays the cookie. Non-browser clients get the session token itself.
 */
export function boundTokenFor(appKey: string, sessionToken: string): string {
  return BOUND_PREFIX + hmac(appKey, `bound:${sessionToken}`);
}

function isBoundTo(bearer: string, cookie: string, appKey: string): boolean {
  return bearer.startsWith(BOUND_PREFIX) && safeEqual(bearer, boundTokenFor(appKey, cookie));
}

/**
 * A request from a browser page: browsers send Sec-Fetch-Site on every request (and Origin on
 * a POST); other clients (apps, scripts, Node's fetch) send neither.
 */
export function fromBrowser(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== undefined || request.headers.origin !== undefined;
}

export function xsrfTokenFor(appKey: string, sessionToken: string): string {
  return hmac(appKey, `xsrf:${sessionToken}`);
}

function xsrfMatches(request: FastifyRequest, appKey: string, sessionToken: string): boolean {
  const header = request.headers['x-xsrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!sent) return false;
  // Clients copy the cookie as is; browsers may keep it URL-encoded. A broken escape is a
  // mismatch like any other, not a server error.
  let decoded: string;
  try {
    decoded = decodeURIComponent(sent);
  } catch {
    return false;
  }
  return safeEqual(decoded, xsrfTokenFor(appKey, sessionToken));
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  appKey: string,
  secure: boolean,
) {
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge: SESSION_MAX_AGE_S };
  void reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  void reply.setCookie(XSRF_COOKIE, xsrfTokenFor(appKey, token), { ...base, httpOnly: false });
}

/** Re-issues the readable XSRF cookie for a live cookie session (called by init). */
export function refreshXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  appKey: string,
  secure: boolean,
) {
  const token = request.auth.via === 'cookie' ? request.cookies[SESSION_COOKIE] : undefined;
  if (!token) return;
  void reply.setCookie(XSRF_COOKIE, xsrfTokenFor(appKey, token), {
    path: '/',
    sameSite: 'lax',
    secure,
    maxAge: SESSION_MAX_AGE_S,
    httpOnly: false,
  });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', secure, sameSite: 'lax', httpOnly: true });
  void reply.clearCookie(XSRF_COOKIE, { path: '/', secure, sameSite: 'lax' });
}
