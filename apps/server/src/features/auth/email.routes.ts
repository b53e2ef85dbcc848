import { emailLinkConfirmBody, myEmailAnswer, myEmailConfirmBody } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Confirming the profile's e-mail (API.md "Social sign-in, e-mail and recovery"): the code is
 * typed back signed in; the mailed link works from any browser. Account security, not
 * writing: a gagged or banned account may still confirm its address.
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { emailConfirmations } = app.deps;

  app.get(
    '/api/my/email',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary: 'My e-mail, whether it is confirmed, and whether a code waits to be typed',
        response: { 200: myEmailAnswer },
      },
    },
    async (request) => ({ data: await emailConfirmations.status(request.auth.user!.id) }),
  );

  app.post(
    '/api/my/email/verify',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary:
          'Mail a 6-digit code and a link to my e-mail, in my language (30 minutes, once; a new one voids the last); 422 email.none, email.already_verified; 429 past the limits per account and per address',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await emailConfirmations.send(request.auth.user!.id, request.locale);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/my/email/confirm',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary:
          'Confirm my e-mail with the mailed code (5 tries a code); 422 email.code_invalid alike for a wrong, used, expired or void code; 429 past the limits per account and per IP',
        body: myEmailConfirmBody,
        response: { 200: myEmailAnswer },
      },
    },
    async (request) => ({
      data: await emailConfirmations.confirmCode(
        request.auth.user!.id,
        request.body.code,
        request.ip,
      ),
    }),
  );

  app.post(
    '/api/auth/email/confirm',
    {
      // Posted by the site's own confirmation page only (http/same-origin.ts).
      config: { crossSite: 'refuse', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary:
          "Confirm the address a mailed link was sent to, from any browser (the link's token); 422 token.invalid for a used, expired or unknown link",
        body: emailLinkConfirmBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await emailConfirmations.confirmLink(request.body.token, request.ip);
      return reply.code(204).send(null);
    },
  );
};
