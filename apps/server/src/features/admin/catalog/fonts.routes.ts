import {
  FONT_FILE_MAX_BYTES,
  adminFontSchema,
  fontDeleteResult,
  fontPatchBody,
  idString,
  type Permission,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../http/app-error';
import { readUploadForm } from './catalog-files';
import type { AdminFontsService } from './fonts.service';

const guard = {
  access: 'registered' as const,
  permissions: ['admin.access', 'admin.fonts'] satisfies Permission[],
};
const tags = ['admin'];
const idParams = z.object({ id: idString });

const FONT_FORM =
  'multipart/form-data: `font_family` (letters, digits, spaces, `-`, `_`; unique), `file` ' +
  '(WOFF2, decided by its bytes: 422 `font.file_invalid` otherwise; at most ' +
  `${FONT_FILE_MAX_BYTES} bytes: 413), optional \`premium_only\` (1/0), \`position\`.`;

/** Nick fonts (API.md "Admin area"), `admin.fonts`; and the uploaded fonts' files. */
export function adminFontsRoutes(service: AdminFontsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/fonts',
      {
        config: guard,
        schema: {
          tags,
          summary: 'Every font, withdrawn ones too, with how many nicks use each',
          response: { 200: z.object({ data: z.array(adminFontSchema) }) },
        },
      },
      async () => ({ data: await service.list() }),
    );

    app.post(
      '/api/admin/fonts',
      {
        config: { ...guard, multipart: 'stream' },
        schema: {
          tags,
          summary: 'Upload a nick font (WOFF2)',
          description: FONT_FORM,
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ data: adminFontSchema }) },
        },
      },
      async (request, reply) => {
        const form = await readUploadForm(request, 'file', FONT_FILE_MAX_BYTES);
        return reply.code(201).send({ data: await service.create(request.viewer, form) });
      },
    );

    app.patch(
      '/api/admin/fonts/:id',
      {
        config: guard,
        schema: {
          tags,
          summary:
            'Change a font: name, premium-only, position, active (`updated_at` as read: 409 if changed since)',
          params: idParams,
          body: fontPatchBody,
          response: { 200: z.object({ data: adminFontSchema }) },
        },
      },
      async (request) => ({
        data: await service.update(request.viewer, request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/fonts/:id',
      {
        config: guard,
        schema: {
          tags,
          summary:
            'Delete an unused font; one that nicks use is withdrawn instead (they fall back)',
          params: idParams,
          response: { 200: z.object({ data: fontDeleteResult }) },
        },
      },
      async (request) => ({ data: await service.delete(request.viewer, request.params.id) }),
    );

    app.get(
      '/storage/fonts/:name',
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'An uploaded nick font (WOFF2); its name never changes, cached for a year',
          params: z.object({ name: z.string().regex(/^[a-f0-9]{24}\.woff2$/) }),
        },
      },
      async (request, reply) => {
        const file = await service.open(`fonts/${request.params.name}`);
        if (!file) throw notFound();
        return (
          reply
            .type('font/woff2')
            .header('content-length', String(file.size))
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'public, max-age=31536000, immutable')
            // Fonts are fetched in CORS mode: the site's own pages (and its apps) may load them.
            .header('access-control-allow-origin', '*')
            .send(file.stream)
        );
      },
    );
  };
}
