import { statusBody, idString, publicUser } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const userId = z.object({
  userId: idString,
});
const ignored = z.object({ data: z.array(z.number().int()) });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Set my status line, shown in the rooms’ user lists',
        body: statusBody,
        response: { 200: z.object({ data: z.object({ status: z.string().nullable() }) }) },
      },
    },
    async (request) => ({
      data: {
        status: await app.deps.usersService.setStatus(request.auth.user!, request.body.status),
      },
    }),
  );

  app.get(
    '/api/ignore',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The people I ignore, with their nicks and avatars',
        response: { 200: z.object({ data: z.array(publicUser) }) },
      },
    },
    async (request) => ({ data: await app.deps.usersService.ignoredUsers(request.auth.user!) }),
  );

  app.post(
    '/api/ignore/:userId',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags: ['users'],
        summary: 'Ignore a user; answers my ignore list',
        params: userId,
        response: { 200: ignored },
      },
    },
    async (request) => ({
      data: await app.deps.usersService.ignore(request.auth.user!, request.params.userId),
    }),
  );

  app.delete(
    '/api/ignore/:userId',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags: ['users'],
        summary: 'Stop ignoring a user',
        params: userId,
        response: { 200: ignored },
      },
    },
    async (request) => ({
      data: await app.deps.usersService.unignore(request.auth.user!, request.params.userId),
    }),
  );
};
