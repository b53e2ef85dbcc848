import {
  banListQuery,
  banSchema,
  idString,
  moderationLogEntrySchema,
  pageMetaSchema,
  pageQuery,
  sanctionSummarySchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const userId = z.object({ userId: idString });
const optionalId = idString.optional();

/** The banlist, the log, a person's sanction summary, and trolls (API.md "Moderation"). */
export const moderationListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { moderation } = app.deps;

  app.get(
    '/api/moderation/bans',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'The banlist, newest first, with filters (banlist.view)',
        querystring: banListQuery,
        response: { 200: z.object({ data: z.array(banSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => moderation.lists.banlist(request.auth.user!, request.query),
  );

  app.get(
    '/api/moderation/log',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Every moderator action, newest first (moderation.log)',
        querystring: z.object({
          page: pageQuery,
          actor_id: optionalId,
          target_user_id: optionalId,
        }),
        response: {
          200: z.object({ data: z.array(moderationLogEntrySchema), meta: pageMetaSchema }),
        },
      },
    },
    async (request) => moderation.lists.logPage(request.auth.user!, request.query),
  );

  app.get(
    '/api/moderation/users/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: "A person's sanctions, violations and the suggested period (staff)",
        params: z.object({ id: idString }),
        response: { 200: z.object({ data: sanctionSummarySchema }) },
      },
    },
    async (request) => ({
      data: await moderation.people.summary(request.auth.user!, request.params.id),
    }),
  );

  const trollRoute = (troll: boolean) => ({
    config: { access: 'user' as const },
    schema: {
      tags: ['moderation'],
      summary: troll
        ? 'Mark a troll (user.troll): their messages are seen only by them and show_trolls'
        : 'Unmark a troll (user.troll)',
      params: userId,
      response: { 204: z.null() },
    },
  });
  app.post('/api/moderation/trolls/:userId', trollRoute(true), async (request, reply) => {
    await moderation.people.setTroll(request.auth.user!, request.params.userId, true);
    return reply.code(204).send(null);
  });
  app.delete('/api/moderation/trolls/:userId', trollRoute(false), async (request, reply) => {
    await moderation.people.setTroll(request.auth.user!, request.params.userId, false);
    return reply.code(204).send(null);
  });
};
