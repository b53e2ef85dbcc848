import {
  SMILEY_IMAGE_MAX_BYTES,
  adminSmileyGroupSchema,
  adminSmileySchema,
  idString,
  smileyGroupBody,
  smileyGroupPatchBody,
  smileyOrderBody,
  smileyPatchBody,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Permission } from '@chat/shared';
import { readUploadForm } from './catalog-files';
import type { AdminSmileysService } from './smileys.service';

const guard = {
  access: 'registered' as const,
  permissions: ['admin.access', 'admin.smileys'] satisfies Permission[],
};
const tags = ['admin'];
const idParams = z.object({ id: idString });
const groups = z.object({ data: z.array(adminSmileyGroupSchema) });

const SMILEY_FORM =
  'multipart/form-data: `tag` (letters, digits, `_`: what goes between the hyphens of ' +
  '`-tag-`, unique: 422 `smiley.tag_taken`), `group_id`, `image` (PNG, GIF or WebP decided ' +
  `by its bytes: 422 otherwise; at most ${SMILEY_IMAGE_MAX_BYTES} bytes: 413).`;

/** The smiley catalogue: groups and smileys (API.md "Admin area"), `admin.smileys`. */
export function adminSmileysRoutes(service: AdminSmileysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/smileys',
      {
        config: guard,
        schema: {
          tags,
          summary: 'Smiley groups with their smileys, in order',
          response: { 200: groups },
        },
      },
      async () => ({ data: await service.list() }),
    );

    app.post(
      '/api/admin/smileys',
      {
        config: { ...guard, multipart: 'stream' },
        schema: {
          tags,
          summary: 'Add a smiley',
          description: SMILEY_FORM,
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ data: adminSmileySchema }) },
        },
      },
      async (request, reply) => {
        const form = await readUploadForm(request, 'image', SMILEY_IMAGE_MAX_BYTES);
        return reply.code(201).send({ data: await service.create(request.viewer, form) });
      },
    );

    app.patch(
      '/api/admin/smileys/:id',
      {
        config: guard,
        schema: {
          tags,
          summary:
            'Change a smiley: tag, group, position (`updated_at` as read: 409 if changed since)',
          params: idParams,
          body: smileyPatchBody,
          response: { 200: z.object({ data: adminSmileySchema }) },
        },
      },
      async (request) => ({
        data: await service.update(request.viewer, request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/smileys/:id',
      {
        config: guard,
        schema: {
          tags,
          summary: 'Delete a smiley; old messages keep `-tag-` as plain text',
          params: idParams,
        },
      },
      async (request, reply) => {
        await service.delete(request.viewer, request.params.id);
        return reply.code(204).send();
      },
    );

    app.put(
      '/api/admin/smileys/order',
      {
        config: guard,
        schema: {
          tags,
          summary: 'The order after a drag and drop: smiley ids per group, and/or group ids',
          body: smileyOrderBody,
          response: { 200: groups },
        },
      },
      async (request) => ({ data: await service.reorder(request.viewer, request.body) }),
    );

    app.post(
      '/api/admin/smiley-groups',
      {
        config: guard,
        schema: {
          tags,
          summary: 'Add a smiley group (`name_ru`, `name_en`)',
          body: smileyGroupBody,
          response: { 201: z.object({ data: adminSmileyGroupSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.createGroup(request.viewer, request.body) }),
    );

    app.patch(
      '/api/admin/smiley-groups/:id',
      {
        config: guard,
        schema: {
          tags,
          summary: 'Rename or move a smiley group (`updated_at` as read: 409 if changed since)',
          params: idParams,
          body: smileyGroupPatchBody,
          response: { 200: z.object({ data: adminSmileyGroupSchema }) },
        },
      },
      async (request) => ({
        data: await service.updateGroup(request.viewer, request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/smiley-groups/:id',
      {
        config: guard,
        schema: {
          tags,
          summary: 'Delete an empty smiley group (one with smileys: 422 `smiley.group_not_empty`)',
          params: idParams,
        },
      },
      async (request, reply) => {
        await service.deleteGroup(request.viewer, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
