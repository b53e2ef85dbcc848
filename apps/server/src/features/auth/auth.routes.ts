import { guestRegisterBody, loginBody, registerBody, userData } from '@chat/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies } from '../../http/session';
import type { SignedIn } from './auth.service';
import { deviceOf, openSession } from './session-answer';

const signedInAnswer = z.object({ data: userData, meta: z.object({ token: z.string() }) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const secure = config.publicUrl.startsWith('https:');

  /** Answers a sign-in: the new session's cookies, and its token in meta. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    signed: SignedIn,
    status: number,
  ) {
    const token = await openSession(app, request, reply, signed);
    return reply.code(status).send({
      data: await app.deps.userData.forUser(signed.user, request.locale),
      meta: { token },
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
      answer(
        request,
        reply,
        await app.deps.auth.registerGuest(request.body, deviceOf(request)),
        201,
      ),
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
        await app.deps.auth.register(request.body, deviceOf(request), request.auth.user),
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
      answer(request, reply, await app.deps.auth.login(request.body, deviceOf(request)), 200),
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
