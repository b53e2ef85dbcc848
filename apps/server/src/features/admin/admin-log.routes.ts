import { ADMIN_LOG_PER_PAGE, adminLogEntrySchema, pageMetaSchema, pageQuery } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageMeta } from '../../lib/paging';
import { presentAdminLogEntry } from './admin.presenter';

/** `GET /api/admin/log`: who changed what in the admin area, newest first, searchable. */
export const adminLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/log',
    {
      config: { access: 'registered', permissions: ['admin.access', 'admin.log'] },
      schema: {
        tags: ['admin'],
        summary: 'The admin log: who changed what, when, before and after (newest first)',
        querystring: z.object({
          page: pageQuery,
          q: z.string().max(100).optional(),
          action: z
            .string()
            .regex(/^[a-z_.-]{1,64}$/, { message: 'invalid_value' })
            .optional(),
        }),
        response: {
          200: z.object({ data: z.array(adminLogEntrySchema), meta: pageMetaSchema }),
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { rows, total } = await app.deps.admin.log.page(
        {
          ...(request.query.q ? { q: request.query.q } : {}),
          ...(request.query.action ? { action: request.query.action } : {}),
        },
        page,
        ADMIN_LOG_PER_PAGE,
      );
      const ids = [...new Set(rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])))];
      const users = new Map((await app.deps.users.findMany(ids)).map((u) => [u.id, u]));
      return {
        data: rows.map((row) => presentAdminLogEntry(row, users)),
        meta: pageMeta(page, ADMIN_LOG_PER_PAGE, total),
      };
    },
  );
};
