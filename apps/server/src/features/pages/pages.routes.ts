import { pageSchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pages/:slug',
    {
      schema: {
        tags: ['pages'],
        summary: 'A static page (privacy policy, agreement) in the caller’s language',
        params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/) }),
        response: { 200: z.object({ data: pageSchema }) },
      },
    },
    async (request) => ({ data: await app.deps.pages.get(request.params.slug, request.locale) }),
  );
};
