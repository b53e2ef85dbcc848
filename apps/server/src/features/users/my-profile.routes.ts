import { myProfilePatchBody, myProfileSchema } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The caller's own profile. For now only who may write to them privately (`im_privacy`). */
export const myProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/my/profile',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['users'],
        summary: 'Change my profile (for now `im_privacy`; also POST with _method=PATCH)',
        body: myProfilePatchBody,
        response: { 200: z.object({ data: myProfileSchema }) },
      },
    },
    async (request) => ({
      data: await app.deps.accounts.updateProfile(request.auth.user!, request.body),
    }),
  );
};
