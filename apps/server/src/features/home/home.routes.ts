import { homeOverview } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home',
    {
      schema: {
        tags: ['home'],
        summary:
          'The home page: people online now and the busiest public rooms (the same for every visitor, up to a few seconds old)',
        response: { 200: z.object({ data: homeOverview }) },
      },
    },
    async () => ({ data: await app.deps.home.overview() }),
  );
};
