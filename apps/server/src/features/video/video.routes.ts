import {
  idString,
  videoIceAnswerSchema,
  videoJoinAnswerSchema,
  videoJoinBody,
  videoLeaveBody,
  videoModerateBody,
  videoParticipantSchema,
  videoRoomSchema,
  videoSignalBody,
  videoStateBody,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const params = z.object({ id: idString });
const noContent = { 204: z.null() };
const tags = ['video'];

/**
 * A room's video call (API.md "Video rooms"). A ban refuses every call but leaving; a gag
 * refuses none here (whether a gagged person watches is the policy's word), and moderating
 * is refused to a gagged moderator as any staff action is.
 */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { video } = app.deps;

  app.get(
    '/api/room/:id/video',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags,
        summary: "The room's call: its cap, participants (members only) and what I may do",
        params,
        response: { 200: z.object({ data: videoRoomSchema }) },
      },
    },
    async (request) => ({ data: await video.call(request.viewer, request.params.id) }),
  );

  app.post(
    '/api/room/:id/video/join',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags,
        summary:
          "Join the room's call (or take it over from another tab or room): 409 video.full when full",
        params,
        body: videoJoinBody,
        response: { 200: z.object({ data: videoJoinAnswerSchema }) },
      },
    },
    async (request) => ({
      data: await video.join(
        request.auth.user!,
        request.auth.session!.id,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/api/room/:id/video/leave',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags,
        summary: "Leave the room's call (204 also when not in it; call_id: only that tab's hold)",
        params,
        // No body at all is a leave like any other (a page closing sends none).
        body: videoLeaveBody.nullish(),
        response: noContent,
      },
    },
    async (request, reply) => {
      await video.leave(request.auth.user!, request.params.id, request.body?.call_id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/room/:id/video/state',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags,
        summary: 'Turn my microphone, camera or screen on or off in the call',
        params,
        body: videoStateBody,
        response: { 200: z.object({ data: videoParticipantSchema }) },
      },
    },
    async (request) => ({
      data: await video.setState(request.auth.user!, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/room/:id/video/ice',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags,
        summary: 'Fresh STUN and TURN servers for a participant (an ICE restart)',
        params,
        response: { 200: z.object({ data: videoIceAnswerSchema }) },
      },
    },
    async (request) => ({
      data: await video.iceServers(request.auth.user!, request.params.id),
    }),
  );

  app.post(
    '/api/room/:id/video/signal',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags,
        summary: "Send an offer, an answer or an ICE candidate to another participant's tab",
        params,
        body: videoSignalBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      await video.signal(request.auth.user!, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/room/:id/video/moderate',
    {
      config: { access: 'registered' },
      schema: {
        tags,
        summary: 'Mute, unmute or remove a participant (moderators who outrank them)',
        params,
        body: videoModerateBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      await video.moderate(request.auth.user!, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
