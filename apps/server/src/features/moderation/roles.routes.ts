import { idString, publicUser, roleBody } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The admin's role switch on a profile (API.md "Moderation and complaints"). */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/users/:id/role',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Make a user a moderator or an admin, or a plain user again (roles.manage)',
        params: z.object({ id: idString }),
        body: roleBody,
        response: { 200: z.object({ data: publicUser }) },
      },
    },
    async (request) => ({
      data: await app.deps.moderation.roles.change(
        request.auth.user!,
        request.params.id,
        request.body.role,
      ),
    }),
  );
};
