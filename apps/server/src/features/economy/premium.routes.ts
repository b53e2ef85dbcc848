import { premiumBody, premiumBoughtSchema, premiumInfoSchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Premium (API.md "Balance, premium and gifts"): the plans, buying it, giving it. */
export const premiumRoutes: FastifyPluginAsyncZod = async (app) => {
  const { premium } = app.deps.economy;

  app.get(
    '/api/premium',
    {
      config: { access: 'user' },
      schema: {
        tags: ['economy'],
        summary: "The premium plans with their prices, and the caller's premium",
        response: { 200: z.object({ data: premiumInfoSchema }) },
      },
    },
    async (request) => ({ data: await premium.info(request.auth.user!) }),
  );

  app.post(
    '/api/premium',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'Buy premium from the balance (bonus first), or give it (`user_id`); extends from the ' +
          'current end. The same `request_id` again answers the first purchase',
        body: premiumBody,
        response: { 200: z.object({ data: premiumBoughtSchema }) },
      },
    },
    async (request) => ({ data: await premium.buy(request.auth.user!, request.body) }),
  );
};
