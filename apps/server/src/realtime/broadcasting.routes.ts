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
 * Channel auth calls per session: a reconnect re-signs every room (at most 100 channels), and a
 * claim for a socket of another node travels to every node, so a flood is cut short here.
 */
const AUTH_RULE = { name: 'channel-auth', points: 300, durationSeconds: 60 };

/**
 * Channel authorization for pusher-js (Pusher's answer shape, no envelope). The channel's kind
 * decides whether the caller may listen; then the socket must be connected now and not another
 * account's, and it is granted the channel for the caller's session (socket-claims.ts). Only
 * then is the HMAC the socket server checks given out: 403 otherwise.
 */
export const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { secrets } = app.deps.config;
  const { realtime, channels, rateLimits, sessions } = app.deps;

  /**
   * Claims the socket for the caller's session. The session was read when the request began: if
   * it ended meanwhile (a body held back across a password change), its `session.ended` has
   * already passed, so the grant just made is taken back here and the answer is 403.
   */
  const claim = async (
    socketId: string,
    userId: number,
    sessionId: number,
    channel: string | null,
  ) => {
    await rateLimits.hit(AUTH_RULE, String(sessionId));
    if ((await realtime.claims.claim(socketId, userId, sessionId, channel)) !== 'granted')
      throw forbidden();
    if (!(await sessions.exists(sessionId))) {
      realtime.claims.endSession(userId, sessionId, true);
      throw forbidden();
    }
  };

  for (const url of ['/api/broadcasting/auth', '/broadcasting/auth']) {
    app.post(
      url,
      {
        // A sanctioned user's socket still needs its private channels (the ban notice, appeals);
        // the channel's kind decides which ones.
        config: { access: 'user', sanctions: 'exempt' },
        schema: {
          tags: ['realtime'],
          summary: 'Sign a private or presence channel subscription for this socket',
          description:
            'The socket must be connected now and not claimed by another account; it is granted the channel for the calling session, and the grant ends with that session (sign-out, password change, a device signed out, leaving the room). 403 otherwise.',
          body: authBody,
          response: { 200: authAnswer },
        },
      },
      async (request) => {
        const user = request.auth.user!;
        const session = request.auth.session;
        const { socket_id, channel_name } = request.body;
        if (!session) throw forbidden();
        // The socket's node learns the user's sanctions (it may have started after them).
        realtime.sanctions.noteUser(socket_id, user);
        const decision = await channels.authorize(user, channel_name);
        if (!decision.ok) throw forbidden();
        await claim(socket_id, user.id, session.id, channel_name);
        if (!isPresenceChannel(channel_name) || !decision.presence) {
          return {
            auth: channelAuth(secrets.pusherKey, secrets.pusherSecret, socket_id, channel_name),
          };
        }
        // `sees_hidden` and `sees_trolls` are signed beside the member, never shown to others.
        const channelData = JSON.stringify({
          user_id: String(user.id),
          user_info: decision.presence.info,
          ...(decision.presence.seesHidden ? { sees_hidden: true } : {}),
          ...(decision.presence.seesTrolls ? { sees_trolls: true } : {}),
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
        description:
          'The socket must be connected now and not claimed by another account; 403 otherwise.',
        body: z.object({ socket_id: z.string().regex(SOCKET_ID) }),
        response: { 200: z.object({ auth: z.string(), user_data: z.string() }) },
      },
    },
    async (request) => {
      const user = request.auth.user!;
      const session = request.auth.session;
      if (!session) throw forbidden();
      const { socket_id } = request.body;
      await claim(socket_id, user.id, session.id, null);
      const userData = JSON.stringify({ id: String(user.id), user_info: channels.userInfo(user) });
      return {
        auth: userAuth(secrets.pusherKey, secrets.pusherSecret, socket_id, userData),
        user_data: userData,
      };
    },
  );
};
