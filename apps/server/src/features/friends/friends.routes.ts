import { friendsListSchema, idString, publicUser } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const friendshipAnswer = z.object({
  data: z.object({
    user: publicUser,
    friendship: z.enum(['friend', 'outgoing']).nullable(),
  }),
});

/** Friends (API.md): the spec calls add and delete as POST, delete with `_method=DELETE`. */
export const friendsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { friends } = app.deps;

  app.get(
    '/api/friends',
    {
      config: { access: 'user' },
      schema: {
        tags: ['friends'],
        summary: 'My friends, requests to me (incoming) and mine waiting (outgoing)',
        response: { 200: z.object({ data: friendsListSchema }) },
      },
    },
    async (request) => ({ data: await friends.list(request.auth.user!.id) }),
  );

  app.post(
    '/api/friends/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['friends'],
        summary: 'Ask someone to be friends, or accept when they asked first',
        params: z.object({ id: idString }),
        response: { 200: friendshipAnswer },
      },
    },
    async (request) => ({ data: await friends.add(request.auth.user!, request.params.id) }),
  );

  app.delete(
    '/api/friends/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['friends'],
        summary: 'Remove a friend, withdraw my request or decline theirs',
        params: z.object({ id: idString }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await friends.remove(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
