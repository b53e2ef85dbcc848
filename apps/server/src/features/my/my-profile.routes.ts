import {
  idString,
  myPhoneConfirmBody,
  myPhotoBody,
  myProfilePatchBody,
  myProfileSchema,
  partnerAnswerBody,
  profilePhotoSchema,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const profile = { 200: z.object({ data: myProfileSchema }) };

/** The caller's profile form, the partner answers and the photo gallery. Registered users only. */
export const myProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { my } = app.deps;

  app.get(
    '/api/my/profile',
    {
      config: { access: 'registered' },
      schema: { tags: ['my'], summary: 'My profile form', response: profile },
    },
    async (request) => ({ data: await my.profile.get(request.auth.user!) }),
  );

  app.patch(
    '/api/my/profile',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary:
          'Change my profile; null or "" clears a field; naming a partner asks them; a new phone gets a code and waits in `phone_pending` (also POST with _method=PATCH)',
        body: myProfilePatchBody,
        response: profile,
      },
    },
    async (request) => ({ data: await my.phone.update(request.auth.user!, request.body) }),
  );

  app.post(
    '/api/my/phone/confirm',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary:
          'Confirm my waiting phone (`phone_pending`) with the 6-digit code sent to it: it becomes my sign-in name (5 tries a code, 10 an hour)',
        body: myPhoneConfirmBody,
        response: profile,
      },
    },
    async (request) => ({
      data: await my.phone.confirm(request.auth.user!, request.body.code),
    }),
  );

  app.post(
    '/api/my/partner/confirm',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary:
          'Confirm that I am the partner of `user_id` (who named me); the link shows on both profiles',
        body: partnerAnswerBody,
        response: profile,
      },
    },
    async (request) => ({
      data: await my.profile.confirmPartner(request.auth.user!, request.body.user_id),
    }),
  );

  app.post(
    '/api/my/partner/decline',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary: "Decline `user_id`'s partner request (their profile names nobody)",
        body: partnerAnswerBody,
        response: profile,
      },
    },
    async (request) => ({
      data: await my.profile.declinePartner(request.auth.user!, request.body.user_id),
    }),
  );

  app.get(
    '/api/my/photos',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary: 'My photos, refused ones included',
        response: { 200: z.object({ data: z.array(profilePhotoSchema) }) },
      },
    },
    async (request) => ({ data: await my.photos.list(request.auth.user!) }),
  );

  app.post(
    '/api/my/photos',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary: 'Add my complete upload (purpose `photo`) to my gallery; at most 20 photos',
        body: myPhotoBody,
        response: { 201: z.object({ data: profilePhotoSchema }) },
      },
    },
    async (request, reply) => {
      const photo = await my.photos.add(request.auth.user!, request.body.attachment_id);
      return reply.code(201).send({ data: photo });
    },
  );

  app.delete(
    '/api/my/photos/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary: 'Delete one of my photos (404 if not mine); the avatar cut from it goes too',
        params: z.object({ id: idString }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await my.photos.delete(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
