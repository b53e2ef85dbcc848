import { adminPeriodQuery, dashboardSchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DashboardService } from './dashboard.service';

/** The admin area's index: every admin sees it (`admin.access` only). */
export function dashboardRoutes(dashboard: DashboardService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/dashboard',
      {
        config: { access: 'registered', permissions: ['admin.access'] },
        schema: {
          tags: ['admin'],
          summary:
            'Online now, and per Moscow day of the period (30 days by default, at most two ' +
            'years): messages, private messages, registrations, payments, gift sales',
          querystring: adminPeriodQuery,
          response: { 200: z.object({ data: dashboardSchema }) },
        },
      },
      async (request) => ({ data: await dashboard.read(request.query) }),
    );
  };
}
