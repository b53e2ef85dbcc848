import { giftSchema, hideGiftBody, idString, sendGiftBody, sentGiftSchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const sentAnswer = z.object({ data: sentGiftSchema });
const giftParams = z.object({ id: idString });

/**
 * The gift catalogue, sending a gift (API.md "Balance, premium and gifts"), and what may be done
 * with a received one: its recipient hides it, staff remove its text (issue 19, point 5).
 */
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
      // The sender is read for who they are (their public face, premium) and nothing that
      // changes unannounced (http/session-cache.ts); the wallet is read under its lock.
      config: { access: 'registered', session: 'cached' },
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

  app.post(
    '/api/gifts/:id/hide',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'Take a gift I received off my profile (`hidden: true`) or put it back; another person’s gift is 404',
        params: giftParams,
        body: hideGiftBody,
        response: { 200: sentAnswer },
      },
    },
    async (request) => ({
      data: await gifts.hide(
        request.auth.user!,
        request.params.id,
        request.body.hidden,
        request.locale,
      ),
    }),
  );

  app.delete(
    '/api/gifts/:id/text',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'Remove a gift’s text (`content.moderate`, over a sender one outranks: 403 otherwise); logged',
        params: giftParams,
        response: { 200: sentAnswer },
      },
    },
    async (request) => ({
      data: await gifts.removeText(request.auth.user!, request.params.id, request.locale),
    }),
  );
};
