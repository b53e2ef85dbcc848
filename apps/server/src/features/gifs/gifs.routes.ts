import { gifSchema, gifsPageMeta, gifsQuery } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const gifsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/gifs',
    {
      config: { access: 'public' },
      schema: {
        tags: ['gifs'],
        summary: "The site's GIF library: by category, by words in either language, paged",
        querystring: gifsQuery,
        response: { 200: z.object({ data: z.array(gifSchema), meta: gifsPageMeta }) },
      },
    },
    async (request) => {
      const { gifs, meta } = await app.deps.gifs.list(request.query);
      return { data: gifs, meta };
    },
  );
};
