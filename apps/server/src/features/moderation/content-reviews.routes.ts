import {
  contentDecisionBody,
  contentReviewSchema,
  idString,
  pageMetaSchema,
  pageQuery,
  queueDecisionBody,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const review = { 200: z.object({ data: contentReviewSchema }) };

/**
 * Moderation of profile texts and photos (API.md "Moderation and complaints"): the queue and
 * its decisions (`content.moderate`, checked by the service), and the owner's restore request.
 */
export const contentReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content } = app.deps.moderation;

  app.get(
    '/api/moderation/queue',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Profile texts and photos awaiting moderation (new or updated), oldest first',
        querystring: z.object({ page: pageQuery }),
        response: {
          200: z.object({ data: z.array(contentReviewSchema), meta: pageMetaSchema }),
        },
      },
    },
    async (request) => content.queue(request.auth.user!, request.query.page ?? 1),
  );

  app.post(
    '/api/moderation/queue/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary:
          'Accept or refuse a waiting item (refusing needs a comment: the reason its owner reads)',
        params: z.object({ id: idString }),
        body: queueDecisionBody,
        response: review,
      },
    },
    async (request) => ({
      data: await content.decideQueued(request.auth.user!, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/moderation/content',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary:
          'Accept or refuse a profile text or photo straight from the profile, whatever its status',
        body: contentDecisionBody,
        response: review,
      },
    },
    async (request) => {
      const { subject_type, subject_id, ...decision } = request.body;
      return {
        data: await content.decideSubject(
          request.auth.user!,
          { type: subject_type, id: subject_id },
          decision,
        ),
      };
    },
  );

  app.post(
    '/api/my/reviews/:id/restore',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['my'],
        summary: 'Ask for my refused text or photo back: it waits in the queue again (updated)',
        params: z.object({ id: idString }),
        response: review,
      },
    },
    async (request) => ({
      data: await content.restore(request.auth.user!, request.params.id),
    }),
  );
};
