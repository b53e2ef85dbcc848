import {
  frameSchema,
  PROFILE_TABS,
  profileSchema,
  profilesPageSchema,
  profilesQuery,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Public profile pages, the profiles lists and the frames catalogue. */
export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profile/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profiles'],
        summary: "A user's profile (guests have one too); last online hidden while invisible",
        params: z.object({ slug: z.string().min(1).max(64) }),
        response: { 200: z.object({ data: profileSchema }) },
      },
    },
    async (request) => ({
      data: await app.deps.profiles.profile(request.auth.user, request.params.slug, request.locale),
    }),
  );

  app.get(
    '/api/profiles/:tab',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profiles'],
        summary:
          'Profiles: `online` (in a room now), `new`, `top` (public messages this Moscow calendar month), `search` (`q`: nick prefix, any case)',
        params: z.object({ tab: z.enum(PROFILE_TABS) }),
        querystring: profilesQuery,
        response: { 200: profilesPageSchema },
      },
    },
    async (request) => app.deps.profiles.list(request.auth.user, request.params.tab, request.query),
  );

  app.get(
    '/api/frames',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profiles'],
        summary: 'The avatar frames catalogue (premium-only ones marked)',
        response: { 200: z.object({ data: z.array(frameSchema) }) },
      },
    },
    async (request) => ({ data: await app.deps.profiles.frames(request.locale) }),
  );
};
