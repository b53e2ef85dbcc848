import {
  myAccountDeleteBody,
  myAvatarBody,
  myFrameBody,
  myNickBody,
  myPasswordBody,
  myUserAnswer,
  nickStyle,
  RECENT_SIGN_IN_MINUTES,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies } from '../../http/session';

/** Avatar, nick style, frame, password and account deletion. Registered users only. */
export const myIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { my } = app.deps;

  app.post(
    '/api/my/avatar',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary:
          'Set my avatar from `photo_id` or `attachment_id`, optional square `crop` {x, y, size} in source pixels; AvatarUpdated',
        body: myAvatarBody,
        response: { 200: myUserAnswer },
      },
    },
    async (request) => ({ data: await my.avatar.set(request.auth.user!, request.body) }),
  );

  app.delete(
    '/api/my/avatar',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary: 'Remove my avatar; AvatarRemoved',
        response: { 200: myUserAnswer },
      },
    },
    async (request) => ({ data: await my.avatar.remove(request.auth.user!) }),
  );

  app.patch(
    '/api/my/nick',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary:
          'Style my nick: palette colour (not a light one), gradient of 2..8 palette colours, font, weight, italic; UserNickUpdated',
        body: myNickBody,
        response: { 200: z.object({ data: nickStyle }) },
      },
    },
    async (request) => ({ data: await my.identity.setNick(request.auth.user!, request.body) }),
  );

  app.post(
    '/api/my/frame',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['my'],
        summary: 'Choose an avatar frame, or null to remove it; UserFrameUpdated',
        body: myFrameBody,
        response: { 200: myUserAnswer },
      },
    },
    async (request) => ({
      data: await my.identity.setFrame(request.auth.user!, request.body.frame_id),
    }),
  );

  app.post(
    '/api/my/password',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['my'],
        summary: `Change my password, or set the first one (an account without one leaves "password" out and must have signed in within ${RECENT_SIGN_IN_MINUTES} minutes); every other session ends`,
        body: myPasswordBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user, session } = request.auth;
      await my.account.changePassword(user!, session, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/my/account',
    {
      config: { access: 'registered', sanctions: 'exempt' },
      schema: {
        tags: ['my'],
        summary: `Delete my account as the privacy policy says (public messages stay, anonymous); an account without a password leaves "password" out and must have signed in within ${RECENT_SIGN_IN_MINUTES} minutes`,
        body: myAccountDeleteBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { user, session } = request.auth;
      await my.account.delete(user!, session, request.body.password);
      clearSessionCookies(reply, app.deps.config.publicUrl.startsWith('https:'));
      return reply.code(204).send(null);
    },
  );
};
