import {
  searchAnswerSchema,
  searchQuerySchema,
  searchTotalsAnswerSchema,
  searchTotalsQuerySchema,
} from '@chat/shared';
import type { FastifyRequest } from 'fastify';
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
      app.deps.search.search(request.viewer, request.query, request.locale, visitorKey(request)),
  );

  app.get(
    '/api/search/totals',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary:
          "Each search tab's count of one query (forum, art, quotes, chat, people), each up to 101: past 100 the tab says 100+",
        querystring: searchTotalsQuerySchema,
        response: { 200: searchTotalsAnswerSchema },
      },
    },
    async (request) => ({
      data: await app.deps.search.totals(
        request.viewer,
        request.query,
        request.locale,
        visitorKey(request),
      ),
    }),
  );
};

/** Whose searches a limit counts: the account's, else the address's. */
function visitorKey(request: FastifyRequest): string {
  return request.viewer.id === null ? `ip:${request.ip}` : `user:${request.viewer.id}`;
}
