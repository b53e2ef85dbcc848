import {
  banBody,
  banSchema,
  idString,
  myBanSchema,
  warningBody,
  warningSchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Gags, bans, full bans and warnings (API.md "Moderation and complaints"). */
export const bansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.deps;

  app.post(
    '/api/moderation/bans',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Gag (user.gag), ban or fully ban (user.ban) someone one outranks',
        body: banBody,
        response: { 201: z.object({ data: banSchema }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await moderation.bans.give(request.auth.user!, request.body) }),
  );

  app.delete(
    '/api/moderation/bans/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Lift a gag or ban early (the permission that gives it)',
        params: z.object({ id: idString }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await moderation.bans.lift(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/moderation/warnings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Warn someone one outranks (user.warn); they are notified',
        body: warningBody,
        response: { 201: z.object({ data: warningSchema }) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await moderation.warnings.warn(request.auth.user!, request.body) }),
  );

  app.get(
    '/api/my/ban',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'My gag and ban in force, with reason, moderator, end and any appeal',
        response: { 200: z.object({ data: myBanSchema }) },
      },
    },
    async (request) => ({ data: await moderation.bans.mine(request.auth.user!) }),
  );
};
