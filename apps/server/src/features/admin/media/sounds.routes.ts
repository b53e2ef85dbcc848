import {
  adminSoundCreateBody,
  adminSoundPatchBody,
  adminSoundSchema,
  idString,
  publicSoundSchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../http/app-error';
import { soundMimeOf } from './sniff-media';
import type { AdminSoundsService } from './sounds.service';

const ACCESS = { access: 'registered', permissions: ['admin.access', 'admin.sounds'] } as const;
const FORM =
  'multipart/form-data (the MP3, Ogg or WAV file in `file`) or, without a new file, JSON.';
/** Stored names are random (or fixed for the seeded defaults) and a file never changes. */
const FILE_NAME = /^[a-z0-9-]{1,64}\.(mp3|ogg|wav)$/;

/** The notification sounds: the admin area's catalogue, the public list and the files. */
export function soundsRoutes(sounds: AdminSoundsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onReady', () => sounds.seedDefaults());

    app.get(
      '/api/sounds',
      {
        config: { access: 'public' },
        schema: {
          tags: ['users'],
          summary:
            "The sounds people may choose per kind of event (chat settings `sound_{kind}`), with each kind's default",
          response: { 200: z.object({ data: z.array(publicSoundSchema) }) },
        },
      },
      async (request) => ({ data: await sounds.publicSounds(request.locale) }),
    );

    app.get(
      '/api/sounds/files/:name',
      {
        config: { access: 'public' },
        schema: {
          tags: ['users'],
          summary: 'A sound file (its `url`), with its audio type; cached for a year',
          params: z.object({ name: z.string() }),
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const mime = soundMimeOf(name);
        if (!FILE_NAME.test(name) || !mime) throw notFound();
        const file = await sounds.open(name);
        if (!file) throw notFound();
        return reply
          .type(mime)
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(file.stream);
      },
    );

    app.get(
      '/api/admin/sounds',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: 'The sounds catalogue, withdrawn ones too',
          response: { 200: z.object({ data: z.array(adminSoundSchema) }) },
        },
      },
      async () => ({ data: await sounds.list() }),
    );

    app.post(
      '/api/admin/sounds',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary:
            'Add a sound (MP3, Ogg or WAV, checked by its bytes); `default_for` takes the kind from the old default',
          description: FORM,
          consumes: ['multipart/form-data'],
          body: adminSoundCreateBody,
          response: { 201: z.object({ data: adminSoundSchema }) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await sounds.create(request.viewer, request.body) }),
    );

    app.patch(
      '/api/admin/sounds/:id',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: 'Change a sound; `updated_at` as read, 409 when someone changed it since',
          description: FORM,
          consumes: ['multipart/form-data', 'application/json'],
          params: z.object({ id: idString }),
          body: adminSoundPatchBody,
          response: { 200: z.object({ data: adminSoundSchema }) },
        },
      },
      async (request) => ({
        data: await sounds.update(request.viewer, request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/sounds/:id',
      {
        config: ACCESS,
        schema: {
          tags: ['admin'],
          summary: "Delete a sound; those who chose it hear the kind's default again",
          params: z.object({ id: idString }),
        },
      },
      async (request, reply) => {
        await sounds.remove(request.viewer, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
