import { searchAnswerSchema, searchQuerySchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary:
          'Search the forum, the chat history of the rooms the viewer may read, or people by nick: Russian and English word forms, "phrases", a trailing * for a prefix, ё = е',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema },
      },
    },
    async (request) =>
      app.deps.search.search(
        request.viewer,
        request.query,
        request.locale,
        request.viewer.id === null ? `ip:${request.ip}` : `user:${request.viewer.id}`,
      ),
  );
};
