import {
  appReleaseCreateSchema,
  appReleasePatchSchema,
  appReleaseSchema,
  idString,
  RELEASE_FILE_MAX_BYTES,
  releaseFileSchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../../http/app-error';
import type { FileStorage } from '../../../lib/storage/file-storage';
import { closeAfterAnswer } from '../../uploads/close-after-answer';
import { storeInstaller } from './release-file';
import type { ReleasesService } from './releases.service';

const guard = { access: 'registered', permissions: ['admin.access', 'admin.releases'] } as const;
const idParams = z.object({ id: idString });

/** The site's app releases (pc, android, ios) in the admin area. */
export function releasesRoutes(
  releases: ReleasesService,
  storage: FileStorage,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/app-releases',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'The app releases, per platform, newest version first',
          response: { 200: z.object({ data: z.array(appReleaseSchema) }) },
        },
      },
      async () => ({ data: await releases.list() }),
    );

    app.post(
      '/api/admin/app-releases',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'Add a release: a stored installer (`file`) or an https store link (`url`)',
          body: appReleaseCreateSchema,
          response: { 201: z.object({ data: appReleaseSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await releases.create(request.viewer, request.body) }),
    );

    app.post(
      '/api/admin/app-releases/file',
      {
        config: { ...guard, multipart: 'stream' },
        schema: {
          tags: ['admin'],
          summary: 'Upload an installer (.exe, .msi, .apk, .ipa, .dmg), checked by its first bytes',
          description:
            'multipart/form-data with one `file`; answers the key to send as a release’s `file`.',
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ data: releaseFileSchema }) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw invalid({ file: ['file.required'] });
        try {
          const part = await request.file({
            // A stray text field is ignored, not a 413 about the file.
            limits: {
              fileSize: RELEASE_FILE_MAX_BYTES,
              files: 1,
              fields: 10,
              fieldSize: 1024,
              parts: 11,
            },
          });
          if (!part) throw invalid({ file: ['file.required'] });
          const stored = await storeInstaller(storage, part.filename, part.file);
          return await reply.code(201).send({ data: stored });
        } catch (error) {
          if (!request.raw.complete) closeAfterAnswer(request.raw, reply.raw);
          throw error;
        }
      },
    );

    app.patch(
      '/api/admin/app-releases/:id',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'Change a release; 409 when it changed after the `updated_at` sent',
          params: idParams,
          body: appReleasePatchSchema,
          response: { 200: z.object({ data: appReleaseSchema }) },
        },
      },
      async (request) => {
        const { updated_at, ...fields } = request.body;
        const patch = Object.fromEntries(
          Object.entries(fields).filter(([, value]) => value !== undefined),
        );
        return {
          data: await releases.update(request.viewer, request.params.id, { ...patch, updated_at }),
        };
      },
    );

    app.delete(
      '/api/admin/app-releases/:id',
      {
        config: guard,
        schema: {
          tags: ['admin'],
          summary: 'Remove a release',
          params: idParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await releases.remove(request.viewer, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
