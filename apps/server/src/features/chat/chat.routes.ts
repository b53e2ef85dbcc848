import { chatState } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chat',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags: ['chat'],
        summary: 'My rooms (with messages, users, unread) and the rooms I may enter',
        response: { 200: z.object({ data: chatState }) },
      },
    },
    async (request) => ({ data: await app.deps.rooms.chatState(request.auth.user!) }),
  );

  app.post(
    '/api/chat/leave',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: { tags: ['chat'], summary: 'Leave every room at once', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await app.deps.rooms.leaveChat(request.auth.user!);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/room/sort',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags: ['chat'],
        summary: 'Reorder my rooms: room[{id}] = position from 1',
        body: z.object({
          room: z.record(z.string().regex(/^\d{1,10}$/), z.union([z.string(), z.number()])),
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.deps.rooms.sort(request.auth.user!, request.body.room);
      return reply.code(204).send(null);
    },
  );
};
