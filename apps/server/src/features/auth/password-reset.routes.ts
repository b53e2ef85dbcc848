import { passwordForgotBody, passwordResetBody } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies } from '../../http/session';

/**
 * A forgotten password (API.md "Social sign-in, e-mail and recovery"): the form under the
 * sign-in form, and the mailed link's page. Both are posted by the site's own pages only.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, passwordResets } = app.deps;
  const secure = config.publicUrl.startsWith('https:');

  app.post(
    '/api/auth/password/forgot',
    {
      config: { crossSite: 'refuse', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary:
          'Mail a link to set a new password (60 minutes, once) to the account of this nick or confirmed e-mail, in my language; always 204, whether any account matches or not; 429 past the limit per IP',
        body: passwordForgotBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await passwordResets.forgot(request.body.nick_or_email, request.locale, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { crossSite: 'refuse', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary:
          "Set a new password with the mailed link's token: every session and socket of the account ends and it is notified; 422 token.invalid for a used, expired or void link",
        body: passwordResetBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userId = await passwordResets.reset(request.body, {
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
      });
      // Signed in here as that account: its session is gone with the others.
      if (request.auth.user?.id === userId) clearSessionCookies(reply, secure);
      return reply.code(204).send(null);
    },
  );
};
