import {
  createRoomBody,
  formBoolean,
  ROOM_STATE,
  roomDetail,
  roomSummary,
  updateRoomBody,
  idString,
  intField,
  idField,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socketIdOf } from './socket-id';

const params = z.object({
  id: idString,
});
const detail = z.object({ data: roomDetail });
const noContent = { 204: z.null() };

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rooms } = app.deps;

  app.post(
    '/api/room',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['rooms'],
        summary: 'Create a room (and enter it)',
        body: createRoomBody,
        response: { 201: detail },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await rooms.create(request.auth.user!, request.body, socketIdOf(request)) }),
  );

  app.patch(
    '/api/room/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['rooms'],
        summary: 'Change a room (its owner or an admin)',
        params,
        body: updateRoomBody,
        response: { 200: z.object({ data: roomSummary }) },
      },
    },
    async (request) => ({
      data: await rooms.update(request.auth.user!, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/room/:id',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags: ['rooms'],
        summary: 'A room I am in, with messages and users (marks it read)',
        params,
        response: { 200: detail },
      },
    },
    async (request) => ({ data: await rooms.show(request.auth.user!, request.params.id) }),
  );

  app.post(
    '/api/room/:id/enter',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: { tags: ['rooms'], summary: 'Enter a room', params, response: { 200: detail } },
    },
    async (request) => ({
      data: await rooms.enter(request.auth.user!, request.params.id, socketIdOf(request)),
    }),
  );

  app.post(
    '/api/room/:id/leave',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: { tags: ['rooms'], summary: 'Leave a room', params, response: noContent },
    },
    async (request, reply) => {
      await rooms.leave(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/room/:id/state',
    {
      // Others see the state: a banned member shows none (leaving has its own route), a gagged
      // one still may.
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags: ['rooms'],
        summary: 'Set my state in a room: 1 online, 2 away, 3 busy, 4 leaving',
        params,
        body: z.object({
          state_id: intField(ROOM_STATE.online, ROOM_STATE.leaving),
        }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await rooms.setState(request.auth.user!, request.params.id, request.body.state_id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/room/:id/visibility',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['rooms'],
        summary: 'Be visible or invisible in a room (staff); POST with _method=PATCH',
        params,
        body: z.object({ visibility: formBoolean, room: z.unknown().optional() }),
        response: { 200: z.object({ data: z.object({ invisible: z.boolean() }) }) },
      },
    },
    async (request) => ({
      data: await rooms.setVisibility(
        request.auth.user!,
        request.params.id,
        request.body.visibility,
      ),
    }),
  );

  app.post(
    '/api/room/:id/invite',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['rooms'],
        summary: 'Invite a user to a private room (its owner or an admin)',
        params,
        body: z.object({
          user_id: idField,
        }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await rooms.invite(request.auth.user!, request.params.id, request.body.user_id);
      return reply.code(204).send(null);
    },
  );
};
