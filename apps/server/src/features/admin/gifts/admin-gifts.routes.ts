import {
  adminGiftCreateBody,
  adminGiftPatchBody,
  adminGiftRemovalSchema,
  adminGiftSchema,
  giftStatisticsQuery,
  giftStatisticsSchema,
  idString,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminGiftsService } from './admin-gifts.service';
import { statisticsCsv } from './gift-statistics.csv';
import type { GiftStatisticsService } from './gift-statistics.service';

const GIFTS = { access: 'registered', permissions: ['admin.access', 'admin.gifts'] } as const;
const params = z.object({ id: idString });

/** The gift catalogue and its statistics (API.md "Admin area"). */
export function adminGiftsRoutes(
  gifts: AdminGiftsService,
  statistics: GiftStatisticsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/gifts',
      {
        config: GIFTS,
        schema: {
          tags: ['admin'],
          summary:
            'The gift catalogue: every gift, withdrawn ones too, with how often each was sent',
          response: { 200: z.object({ data: z.array(adminGiftSchema) }) },
        },
      },
      async () => ({ data: await gifts.list() }),
    );

    app.post(
      '/api/admin/gifts',
      {
        config: GIFTS,
        schema: {
          tags: ['admin'],
          summary: 'Add a gift: names per language, a picture (an upload of the caller’s), a price',
          body: adminGiftCreateBody,
          response: { 201: z.object({ data: adminGiftSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await gifts.create(request.viewer, request.body) }),
    );

    app.patch(
      '/api/admin/gifts/:id',
      {
        config: GIFTS,
        schema: {
          tags: ['admin'],
          summary: 'Change a gift; 409 when someone changed it since `updated_at` was read',
          params,
          body: adminGiftPatchBody,
          response: { 200: z.object({ data: adminGiftSchema }) },
        },
      },
      async (request) => ({
        data: await gifts.update(request.viewer, request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/gifts/:id',
      {
        config: GIFTS,
        schema: {
          tags: ['admin'],
          summary: 'Delete a gift never sent; a gift that was sent is withdrawn (`active: false`)',
          params,
          response: { 200: z.object({ data: adminGiftRemovalSchema }) },
        },
      },
      async (request) => ({ data: await gifts.remove(request.viewer, request.params.id) }),
    );

    app.get(
      '/api/admin/gifts/statistics',
      {
        config: GIFTS,
        schema: {
          tags: ['admin'],
          summary:
            'Gift sales per gift and period (Moscow days; `from` ≤ `to`, at most two years): ' +
            'count, coins, anonymous share, top senders; totals per period for the chart',
          querystring: giftStatisticsQuery,
          response: { 200: z.object({ data: giftStatisticsSchema }) },
        },
      },
      async (request) => ({ data: await statistics.read(request.viewer, request.query) }),
    );

    app.get(
      '/api/admin/gifts/statistics/csv',
      {
        config: GIFTS,
        schema: {
          tags: ['admin'],
          summary: 'The gift statistics as a CSV download: one row per gift and period',
          querystring: giftStatisticsQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const stats = await statistics.read(request.viewer, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="gift-statistics-${stats.from}-${stats.to}-${stats.group}.csv"`,
          )
          .send(statisticsCsv(stats));
      },
    );
  };
}
