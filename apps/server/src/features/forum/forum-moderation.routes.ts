import { forumThreadUpdatedEventSchema, moderateThreadBody } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ForumModerationService } from './forum-moderation.service';
import type { ForumWatchService } from './forum-watch.service';
import { forumSlugParam } from './forum.routes';

// Slugs as the forum's read routes take them: a NUL byte never reaches PostgreSQL.
const params = z.object({ slug: forumSlugParam });
const watchAnswer = z.object({ data: z.object({ watching: z.boolean() }) });

/** Moderating a thread and following one (API.md "Forum"). */
export function forumCommunityRoutes(services: {
  moderation: ForumModerationService;
  watches: ForumWatchService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/forum/threads/:slug/moderate',
      {
        config: { access: 'registered' },
        schema: {
          tags: ['forum'],
          summary:
            'Pin, lock, move, rename or delete a thread (forum.moderate; each change logged)',
          params,
          body: moderateThreadBody,
          response: { 200: z.object({ data: forumThreadUpdatedEventSchema }) },
        },
      },
      async (request) => ({
        data: await services.moderation.moderate(
          request.auth.user!,
          request.params.slug,
          request.body,
        ),
      }),
    );
    app.post(
      '/api/forum/threads/:slug/watch',
      {
        // Following carries no words of the caller's: a gag does not stop it, a ban does.
        config: { access: 'registered', sanctions: 'read' },
        schema: {
          tags: ['forum'],
          summary: 'Follow a thread: a notification when others reply (one until read)',
          params,
          response: { 200: watchAnswer },
        },
      },
      async (request) => ({
        data: await services.watches.watch(request.auth.user!, request.params.slug),
      }),
    );
    app.delete(
      '/api/forum/threads/:slug/watch',
      {
        config: { access: 'registered', sanctions: 'read' },
        schema: {
          tags: ['forum'],
          summary: 'Stop following a thread',
          params,
          response: { 200: watchAnswer },
        },
      },
      async (request) => ({
        data: await services.watches.unwatch(request.auth.user!, request.params.slug),
      }),
    );
  };
}
