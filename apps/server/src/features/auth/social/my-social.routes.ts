import { mySocialAnswer, providerId } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The security page's linked sign-ins: list them, remove one (never the last way in). */
export const mySocialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { socialSignIn: social } = app.deps;

  app.get(
    '/api/my/social',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['my'],
        summary: 'My linked sign-ins at other sites, and the providers I could link',
        response: { 200: mySocialAnswer },
      },
    },
    async (request) => ({ data: await social.mine(request.auth.user!) }),
  );

  app.delete(
    '/api/my/social/:provider',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['my'],
        summary: 'Unlink a provider; 422 social.last_method when it is my last way to sign in',
        params: z.object({ provider: providerId }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await social.unlink(request.auth.user!, request.params.provider);
      return reply.code(204).send(null);
    },
  );
};
