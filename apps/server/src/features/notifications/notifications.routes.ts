import { idString, notificationSchema, pageMetaSchema, pageQuery } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socketIdOf } from '../chat/socket-id';

const pageAnswer = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema.extend({ unread: z.number().int() }),
});
const readAnswer = z.object({ data: notificationSchema, unread: z.number().int() });

/** The caller's notifications (API.md "Profiles, friends, notifications, devices"). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.deps;

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, with the unread count in meta',
        querystring: z.object({ page: pageQuery }),
        response: { 200: pageAnswer },
      },
    },
    async (request) => notifications.page(request.auth.user!.id, request.query.page ?? 1),
  );

  // Declared before `/:id/read` so that `read_all` is never taken for an id.
  app.post(
    '/api/notifications/read_all',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read (the count drops to 0 in other tabs too)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await notifications.readAll(request.auth.user!.id, socketIdOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read; answers it and the unread count',
        params: z.object({ id: idString }),
        response: { 200: readAnswer },
      },
    },
    async (request) =>
      notifications.read(request.auth.user!.id, request.params.id, socketIdOf(request)),
  );
};
