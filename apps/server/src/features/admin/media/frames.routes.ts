import {
  adminFrameCreateBody,
  adminFrameDeleted,
  adminFramePatchBody,
  adminFrameSchema,
  idString,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminFramesService } from './frames.service';

const ACCESS = { access: 'registered', permissions: ['admin.access', 'admin.frames'] } as const;
const FORM = 'multipart/form-data (the picture in `image`) or, without a new picture, JSON.';

/** The avatar frames catalogue in the admin area (API.md "Admin area"). */
export function adminFramesRoutes(frames: AdminFramesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/frames',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: 'The frames catalogue, withdrawn ones too, with how many wear each',
          response: { 200: z.object({ data: z.array(adminFrameSchema) }) },
        },
      },
      async () => ({ data: await frames.list() }),
    );

    app.post(
      '/api/admin/frames',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: 'Add a frame: a PNG, WebP or GIF picture (checked by its bytes; SVG is 422)',
          description: FORM,
          consumes: ['multipart/form-data'],
          body: adminFrameCreateBody,
          response: { 201: z.object({ data: adminFrameSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await frames.create(request.viewer, request.body) }),
    );

    app.patch(
      '/api/admin/frames/:id',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: 'Change a frame; `updated_at` as read, 409 when someone changed it since',
          description: FORM,
          consumes: ['multipart/form-data', 'application/json'],
          params: z.object({ id: idString }),
          body: adminFramePatchBody,
          response: { 200: z.object({ data: adminFrameSchema }) },
        },
      },
      async (request) => ({
        data: await frames.update(request.viewer, request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/frames/:id',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: 'Delete a frame nobody wears; one that is worn is withdrawn instead',
          params: z.object({ id: idString }),
          response: { 200: z.object({ data: adminFrameDeleted }) },
        },
      },
      async (request) => ({ data: await frames.remove(request.viewer, request.params.id) }),
    );
  };
}
