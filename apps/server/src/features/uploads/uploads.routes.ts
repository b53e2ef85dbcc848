import { attachmentSchema, idString } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../http/app-error';
import { closeAfterAnswer } from './close-after-answer';

/** The form fields are read from the stream, so they are described here for the docs only. */
const UPLOAD_FORM =
  'multipart/form-data: `file` (one JPEG, PNG, GIF or WebP picture, decided by its bytes), ' +
  'optional `purpose` (`attachment`, `photo`, `art`), optional `adult` (`1` marks it 18+). ' +
  'The file is streamed with the byte limit counted as it arrives (413 `too_large`). Refused ' +
  'with 422 `errors.file` before anything is decoded: a frame over 50 megapixels, an animation ' +
  'of more than 300 frames or over 16 million pixels counting its canvas once per frame. ' +
  '30 uploads a minute per account, and per address for all guests behind it together.';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads, attachments } = app.deps;

  app.post(
    '/api/upload',
    {
      config: { access: 'user', multipart: 'stream' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a picture; processing ends with AttachmentReady on private-user.{id}',
        description: UPLOAD_FORM,
        consumes: ['multipart/form-data'],
        response: { 202: z.object({ data: attachmentSchema }) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw invalid({ file: ['file.required'] });
      const parts = request.parts({
        limits: {
          // Per caller: premium uploads are larger (uploads.large).
          fileSize: uploads.maxBytesFor(request.auth.user!),
          files: 1,
          fields: 10,
          fieldSize: 1024,
          parts: 12,
        },
      });
      try {
        return await reply
          .code(202)
          .send({ data: await uploads.receive(request.auth.user!, parts, request.ip) });
      } catch (error) {
        // A refused upload's unread rest (up to gigabytes) is not read: the connection
        // closes shortly after the answer.
        if (!request.raw.complete) closeAfterAnswer(request.raw, reply.raw);
        throw error;
      }
    },
  );

  app.get(
    '/api/upload/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['uploads'],
        summary: 'An attachment: its owner, or anyone who may see what it is attached to',
        params: z.object({ id: idString }),
        response: { 200: z.object({ data: attachmentSchema }) },
      },
    },
    async (request) => ({
      data: await attachments.show(request.auth.user!.id, request.params.id),
    }),
  );
};
