import {
  BALANCE_TABS,
  coinsSentSchema,
  dailyBonusSchema,
  invoiceSchema,
  ledgerEntrySchema,
  pageMetaSchema,
  pageQuery,
  sendCoinsBody,
  walletInfoSchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const walletAnswer = z.object({ data: walletInfoSchema });
const coinsAnswer = z.object({ data: coinsSentSchema });

/** The balance page, the navbar's wallet, the daily bonus and coins as a gift (API.md). */
export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { balance, bonus, coins } = app.deps.economy;

  for (const url of ['/api/wallet', '/api/balance'])
    app.get(
      url,
      {
        config: { access: 'registered' },
        schema: {
          tags: ['economy'],
          summary: 'My balance and bonus, and when the next daily bonus can be collected',
          response: { 200: walletAnswer },
        },
      },
      async (request) => ({ data: await balance.info(request.auth.user!.id) }),
    );

  app.get(
    '/api/balance/:tab',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'A tab of my balance page: history (my ledger, newest first) or invoices (my top-ups)',
        params: z.object({ tab: z.enum(BALANCE_TABS) }),
        querystring: z.object({ page: pageQuery }),
        response: {
          200: z.union([
            z.object({ data: z.array(ledgerEntrySchema), meta: pageMetaSchema }),
            z.object({ data: z.array(invoiceSchema), meta: pageMetaSchema }),
          ]),
        },
      },
    },
    async (request) => {
      const page = await balance.tab(
        request.auth.user!.id,
        request.params.tab,
        request.query.page ?? 1,
      );
      // The tab is only for the types: the wire has the page alone.
      return page.tab === 'history'
        ? { data: page.data, meta: page.meta }
        : { data: page.data, meta: page.meta };
    },
  );

  app.post(
    '/api/bonus/daily',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'Collect the daily bonus (once per Moscow calendar day; else 429 with the next time)',
        response: { 200: z.object({ data: dailyBonusSchema }) },
      },
    },
    async (request) => ({ data: await bonus.claim(request.auth.user!.id) }),
  );

  app.post(
    '/api/coins/send',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['economy'],
        summary:
          'Give coins from my balance (never the bonus), within the daily limit; the same request_id again answers the first transfer (200)',
        body: sendCoinsBody,
        response: { 200: coinsAnswer, 201: coinsAnswer },
      },
    },
    async (request, reply) => {
      const result = await coins.send(request.auth.user!, request.body);
      return reply.code(result.replay ? 200 : 201).send({ data: result.coins });
    },
  );
};
