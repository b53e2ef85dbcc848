import { giftSchema, sendGiftBody, sentGiftSchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const sentAnswer = z.object({ data: sentGiftSchema });

/** The gift catalogue and sending a gift (API.md "Balance, premium and gifts"). */
export const giftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gifts } = app.deps.economy;

  app.get(
    '/api/gifts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['economy'],
        summary: 'The gift catalogue: active gifts in order, named in the caller’s language',
        response: { 200: z.object({ data: z.array(giftSchema) }) },
      },
    },
    async (request) => ({ data: await gifts.catalogue(request.locale) }),
  );

  app.post(
    '/api/gifts/send',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'Send a gift, paid from my coins (bonus first); the same request_id again answers the first gift (200) and spends nothing',
        body: sendGiftBody,
        response: { 200: sentAnswer, 201: sentAnswer },
      },
    },
    async (request, reply) => {
      const result = await gifts.send(request.auth.user!, request.body, request.locale);
      return reply.code(result.replay ? 200 : 201).send({ data: result.gift });
    },
  );
};
