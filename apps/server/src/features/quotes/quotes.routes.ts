import { idString, quoteSchema, quotesPageSchema, quotesQuerySchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const params = z.object({
  id: idString,
});

export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/quotes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary:
          'The kept chat messages the viewer may read: best (most kept), new (latest kept), mine (registered only)',
        querystring: quotesQuerySchema,
        response: { 200: quotesPageSchema },
      },
    },
    async (request) =>
      app.deps.quotes.page(
        request.viewer,
        request.query.tab,
        request.query.page ?? 1,
        request.locale,
      ),
  );
  app.get(
    '/api/quote/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['quotes'],
        summary: 'One kept chat message the viewer may read (404 when nobody keeps it)',
        params,
        response: { 200: z.object({ data: quoteSchema }) },
      },
    },
    async (request) => ({
      data: await app.deps.quotes.one(request.viewer, request.params.id, request.locale),
    }),
  );
  app.post(
    '/api/quote/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['quotes'],
        summary: 'Add a chat message to my quotes',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.deps.quotes.add(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/api/quote/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['quotes'],
        summary: 'Remove a message from my quotes',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.deps.quotes.remove(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
