import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { boundTokenFor, fromBrowser, setSessionCookies } from '../../http/session';
import type { Device, SignedIn } from './auth.service';

export const deviceOf = (request: FastifyRequest): Device => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
});

/**
 * Opens a new session on the reply: the browser's cookies (the cookie session it had ends, as
 * one sign-in replaces another), and the token the answer's meta carries. Other clients get the
 * session's bearer token; a browser page gets a cookie-bound one (http/session.ts), useless
 * without the HttpOnly cookie, so what the page keeps in localStorage steals nothing.
 */
export async function openSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  signed: SignedIn,
): Promise<string> {
  const { config } = app.deps;
  const previous = request.auth.via === 'cookie' ? request.auth.session : null;
  if (previous) await app.deps.auth.logout(previous);
  setSessionCookies(
    reply,
    signed.token,
    config.secrets.appKey,
    config.publicUrl.startsWith('https:'),
  );
  return fromBrowser(request) ? boundTokenFor(config.secrets.appKey, signed.token) : signed.token;
}
