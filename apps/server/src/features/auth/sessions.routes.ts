import { deviceSchema, idString } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The security page: my devices, sign out one, sign out all others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessionsService } = app.deps;

  app.get(
    '/api/my/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'My signed-in devices, most recently active first; `current` is this one',
        response: { 200: z.object({ data: z.array(deviceSchema) }) },
      },
    },
    async (request) => ({
      data: await sessionsService.list(request.auth.user!.id, request.auth.session?.id ?? null),
    }),
  );

  app.delete(
    '/api/my/sessions/:id',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of my devices at once (its sockets close too)',
        params: z.object({ id: idString }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessionsService.end(request.auth.user!.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/my/sessions',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out every other device of mine',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessionsService.endOthers(request.auth.user!.id, request.auth.session?.id ?? null);
      return reply.code(204).send(null);
    },
  );
};
