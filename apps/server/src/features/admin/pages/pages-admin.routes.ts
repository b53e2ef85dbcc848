import {
  adminPageListItemSchema,
  adminPageSchema,
  adminPageUpdateSchema,
  agreementAcceptSchema,
  agreementStateSchema,
  pagePreviewRequestSchema,
  pagePreviewSchema,
  pageSlugSchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PagesAdminService } from './pages-admin.service';

const guard = { access: 'registered', permissions: ['admin.access', 'admin.pages'] } as const;

/** Static pages in the admin area, and the agreement acceptance every signed-in person makes. */
export function pagesAdminRoutes(pages: PagesAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/pages',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'The static pages (agreement, privacy, rules and others) with their titles',
          response: { 200: z.object({ data: z.array(adminPageListItemSchema) }) },
        },
      },
      async () => ({ data: await pages.list() }),
    );

    app.get(
      '/api/admin/pages/:slug',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'A static page in both languages (Markdown); a new slug answers an empty page',
          params: z.object({ slug: pageSlugSchema }),
          response: { 200: z.object({ data: adminPageSchema }) },
        },
      },
      async (request) => ({ data: await pages.get(request.params.slug) }),
    );

    app.put(
      '/api/admin/pages/:slug',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary:
            'Save a static page (creates it); `new_version` on the agreement makes everyone ' +
            'accept it again. 409 when it changed after the `updated_at` sent',
          params: z.object({ slug: pageSlugSchema }),
          body: adminPageUpdateSchema,
          response: { 200: z.object({ data: adminPageSchema }) },
        },
      },
      async (request) => ({
        data: await pages.save(request.viewer, request.params.slug, request.body),
      }),
    );

    app.post(
      '/api/admin/pages/preview',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'A page text as the public page shows it: Markdown rendered and sanitized',
          body: pagePreviewRequestSchema,
          response: { 200: z.object({ data: pagePreviewSchema }) },
        },
      },
      async (request) => ({ data: { html: pages.preview(request.body.text) } }),
    );

    app.post(
      '/api/agreement/accept',
      {
        config: { access: 'user' },
        schema: {
          tags: ['pages'],
          summary: 'Record that the signed-in person accepted this (the current) agreement version',
          body: agreementAcceptSchema,
          response: { 200: z.object({ data: agreementStateSchema }) },
        },
      },
      async (request) => ({
        data: await pages.accept(request.auth.user!.id, request.body.version),
      }),
    );
  };
}
