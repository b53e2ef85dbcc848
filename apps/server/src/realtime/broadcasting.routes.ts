import { isPresenceChannel, isValidChannelName } from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../http/app-error';
import { SOCKET_ID } from './protocol';
import { channelAuth, userAuth } from './signatures';

const authBody = z.object({
  socket_id: z.string().regex(SOCKET_ID),
  channel_name: z.string().refine(isValidChannelName, { message: 'invalid_value' }),
});
const authAnswer = z.object({ auth: z.string(), channel_data: z.string().optional() });

/**
 * Channel authorization for pusher-js (Pusher's answer shape, no envelope): the caller's
 * session decides, the channel policy rules, the answer is the HMAC the socket server checks.
 */
export const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { secrets } = app.deps.config;
  // The socket remembers the session that authorised it: signing that device out closes it.
  const bindSession = (sessionId: number | undefined, socketId: string, userId: number) => {
    if (sessionId !== undefined) app.deps.realtime.sessions.bind(socketId, sessionId, userId);
  };

  for (const url of ['/api/broadcasting/auth', '/broadcasting/auth']) {
    app.post(
      url,
      {
        // A sanctioned user's socket still needs its private channels (the ban notice, appeals);
        // the channel policy decides which ones.
        config: { access: 'user', sanctions: 'exempt' },
        schema: {
          tags: ['realtime'],
          summary: 'Sign a private or presence channel subscription for this socket',
          body: authBody,
          response: { 200: authAnswer },
        },
      },
      async (request) => {
        const user = request.auth.user!;
        const { socket_id, channel_name } = request.body;
        // The socket's node learns the user's sanctions (it may have started after them).
        app.deps.realtime.sanctions.noteUser(socket_id, user);
        if (!(await app.deps.channelPolicy.mayJoin(user, channel_name))) throw forbidden();
        bindSession(request.auth.session?.id, socket_id, user.id);
        if (!isPresenceChannel(channel_name)) {
          return {
            auth: channelAuth(secrets.pusherKey, secrets.pusherSecret, socket_id, channel_name),
          };
        }
        const channelData = JSON.stringify({
          user_id: String(user.id),
          user_info: app.deps.channelPolicy.memberInfo(user),
        });
        return {
          auth: channelAuth(
            secrets.pusherKey,
            secrets.pusherSecret,
            socket_id,
            channel_name,
            channelData,
          ),
          channel_data: channelData,
        };
      },
    );
  }

  app.post(
    '/broadcasting/user-auth',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['realtime'],
        summary: 'Sign in a socket as the current user (pusher:signin)',
        body: z.object({ socket_id: z.string().regex(SOCKET_ID) }),
        response: { 200: z.object({ auth: z.string(), user_data: z.string() }) },
      },
    },
    async (request) => {
      const user = request.auth.user!;
      bindSession(request.auth.session?.id, request.body.socket_id, user.id);
      const userData = JSON.stringify({
        id: String(user.id),
        user_info: app.deps.channelPolicy.memberInfo(user),
      });
      return {
        auth: userAuth(secrets.pusherKey, secrets.pusherSecret, request.body.socket_id, userData),
        user_data: userData,
      };
    },
  );
};
