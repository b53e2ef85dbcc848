import {
  idString,
  imCatchUpSchema,
  imChannelSchema,
  imChannelsPageSchema,
  imMessageSchema,
  imMessagesPageSchema,
  openChannelBody,
  pageQuery,
  postImMessageBody,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const noContent = { 204: z.null() };
const channel = z.object({ data: imChannelSchema });
const message = z.object({ data: imMessageSchema });

/** Private messages (API.md "Private messages"). Guests read nothing and write nothing. */
export const imRoutes: FastifyPluginAsyncZod = async (app) => {
  const { im } = app.deps;

  app.get(
    '/api/im/channels',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags: ['im'],
        summary: 'My private channels, newest activity first',
        querystring: z.object({ page: pageQuery }),
        response: { 200: imChannelsPageSchema },
      },
    },
    async (request) => im.channels(request.auth.user!, request.query.page ?? 1),
  );

  app.post(
    '/api/im/channels',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['im'],
        summary: 'The channel with a person, made on first use (201) or as it was (200)',
        body: openChannelBody,
        response: { 200: channel, 201: channel },
      },
    },
    async (request, reply) => {
      const result = await im.open(request.auth.user!, request.body.user_id);
      return reply.code(result.created ? 201 : 200).send({ data: result.channel });
    },
  );

  app.get(
    '/api/im/message/:channelId',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags: ['im'],
        summary: 'A page of a channel (page 1 is the newest), or what came ?after= an id',
        params: z.object({ channelId: idString }),
        querystring: z.object({
          page: pageQuery,
          after: z.union([z.literal('0').transform(() => 0), idString]).optional(),
        }),
        response: { 200: z.union([imMessagesPageSchema, imCatchUpSchema]) },
      },
    },
    async (request) => {
      const { page, after } = request.query;
      return after !== undefined
        ? im.after(request.auth.user!, request.params.channelId, after)
        : im.page(request.auth.user!, request.params.channelId, page ?? 1);
    },
  );

  app.post(
    '/api/im/channel/:channelId',
    {
      // Posting reads of the sender only who they are, their role and sanctions (cacheable).
      config: { access: 'registered', session: 'cached' },
      schema: {
        tags: ['im'],
        summary: 'Send a private message; the same client_id again answers the first (200)',
        params: z.object({ channelId: idString }),
        body: postImMessageBody,
        response: { 200: message, 201: message },
      },
    },
    async (request, reply) => {
      const result = await im.post(request.auth.user!, request.params.channelId, request.body);
      return reply.code(result.replay ? 200 : 201).send({ data: result.message });
    },
  );

  app.post(
    '/api/im/channel/:channelId/read',
    {
      config: { access: 'user', sanctions: 'read' },
      schema: {
        tags: ['im'],
        summary: 'Mark the channel read (read receipts to the other person)',
        params: z.object({ channelId: idString }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await im.read(request.auth.user!, request.params.channelId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/im/message/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['im'],
        summary: 'Delete my private message (deleted: 1 for both; it can be restored)',
        params: z.object({ id: idString }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await im.setDeleted(request.auth.user!, request.params.id, 1);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/im/message/:id/restore',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['im'],
        summary: 'Restore my deleted private message',
        params: z.object({ id: idString }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await im.setDeleted(request.auth.user!, request.params.id, 0);
      return reply.code(204).send(null);
    },
  );
};
