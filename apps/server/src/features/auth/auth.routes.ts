import { guestRegisterBody, loginBody, registerBody, userData } from '@chat/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boundTokenFor,
  clearSessionCookies,
  fromBrowser,
  setSessionCookies,
} from '../../http/session';
import type { Device, SignedIn } from './auth.service';

const signedInAnswer = z.object({ data: userData, meta: z.object({ token: z.string() }) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const secure = config.publicUrl.startsWith('https:');

  const device = (request: FastifyRequest): Device => ({
    userAgent: request.headers['user-agent'] ?? '',
    ip: request.ip,
  });

  /**
   * Answers a sign-in: cookies for the browser, and a token in meta. Other clients get the
   * session's bearer token; a browser page gets a cookie-bound one (http/session.ts), useless
   * without the HttpOnly cookie, so that what the page keeps in localStorage steals nothing.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    signed: SignedIn,
    status: number,
  ) {
    const previous = request.auth.via === 'cookie' ? request.auth.session : null;
    if (previous) await app.deps.auth.logout(previous);
    setSessionCookies(reply, signed.token, config.secrets.appKey, secure);
    return reply.code(status).send({
      data: await app.deps.userData.forUser(signed.user, request.locale),
      meta: {
        token: fromBrowser(request)
          ? boundTokenFor(config.secrets.appKey, signed.token)
          : signed.token,
      },
    });
  }

  app.post(
    '/api/auth/guest/register',
    {
      // Opens a session: only from the site's own pages (login CSRF, http/same-origin.ts).
      config: { crossSite: 'refuse' },
      schema: {
        tags: ['auth'],
        summary: 'Enter the chat as a guest under a nick',
        body: guestRegisterBody,
        response: { 201: signedInAnswer },
      },
    },
    async (request, reply) =>
      answer(request, reply, await app.deps.auth.registerGuest(request.body, device(request)), 201),
  );

  app.post(
    '/api/auth/register',
    {
      // Opens a session: only from the site's own pages (login CSRF, http/same-origin.ts).
      config: { crossSite: 'refuse' },
      schema: {
        tags: ['auth'],
        summary: 'Register an account (a guest may keep their nick)',
        body: registerBody,
        response: { 201: signedInAnswer },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await app.deps.auth.register(request.body, device(request), request.auth.user),
        201,
      ),
  );

  app.post(
    '/api/auth/login',
    {
      // Opens a session: only from the site's own pages (login CSRF, http/same-origin.ts).
      config: { crossSite: 'refuse' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in by nick or by phone (international format)',
        body: loginBody,
        response: { 200: signedInAnswer },
      },
    },
    async (request, reply) =>
      answer(request, reply, await app.deps.auth.login(request.body, device(request)), 200),
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: { tags: ['auth'], summary: 'End this session or token', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const session = request.auth.session;
      if (session) await app.deps.auth.logout(session);
      clearSessionCookies(reply, secure);
      return reply.code(204).send(null);
    },
  );
};
