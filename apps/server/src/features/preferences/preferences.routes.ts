import { chatSettingsSchema, settingsPatchBody } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The chat settings. Who may write privately (`im_privacy`) is a field of the profile form
 * (PATCH /api/my/profile, features/my), which hands it to this feature's service.
 */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/user/settings',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['users'],
        summary: 'Change chat settings (also POST with _method=PATCH)',
        body: settingsPatchBody,
        response: { 200: z.object({ data: chatSettingsSchema }) },
      },
    },
    async (request) => ({
      data: await app.deps.preferences.updateSettings(request.auth.user!, request.body),
    }),
  );
};
