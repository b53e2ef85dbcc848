import {
  chatMessage,
  editMessageBody,
  idString,
  messageEditSchema,
  postMessageBody,
  reactionBody,
  REACTIONS,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socketIdOf } from './socket-id';
import { presentedAsIs } from '../../http/presented-as-is';

const id = idString;
const noContent = { 204: z.null() };

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages, reactions } = app.deps;

  app.get(
    '/api/room/:id/messages',
    {
      config: { access: 'user', sanctions: 'chat' },
      schema: {
        tags: ['messages'],
        summary: 'Older history (?before=) or what was missed after a reconnect (?after=)',
        params: z.object({ id }),
        querystring: z.object({
          before: id.optional(),
          after: z.union([z.literal('0').transform(() => 0), idString]).optional(),
        }),
        response: { 200: z.object({ data: z.array(chatMessage) }) },
      },
    },
    async (request) => ({
      data: await messages.history(request.auth.user!, request.params.id, request.query),
    }),
  );

  app.post(
    '/api/room/:id/message',
    {
      // Who posts, their permissions and sanctions come from memory (http/session-cache.ts).
      config: { access: 'user', session: 'cached' },
      schema: {
        tags: ['messages'],
        summary: 'Send a message; the same client_id again answers the first message (200)',
        params: z.object({ id }),
        body: postMessageBody,
        response: { 200: z.object({ data: chatMessage }), 201: z.object({ data: chatMessage }) },
      },
      // The presented message, as the room's members get it over their sockets.
      serializerCompiler: presentedAsIs,
    },
    async (request, reply) => {
      const result = await messages.post(
        request.auth.user!,
        request.params.id,
        request.body,
        socketIdOf(request),
      );
      return reply.code(result.replay ? 200 : 201).send({ data: result.message });
    },
  );

  app.delete(
    '/api/chat/message/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'Delete a message for me (my own, or any as a moderator)',
        params: z.object({ id }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await messages.hide(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // After the DELETE of the same URL, which keeps the POST of the method override (PATCH is
  // sent as itself: http/method-override.ts).
  app.patch(
    '/api/chat/message/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary:
          'Edit my own message within the edit window (MESSAGE_EDIT_WINDOW_MS); the room hears MessageUpdated',
        params: z.object({ id }),
        body: editMessageBody,
        response: { 200: z.object({ data: chatMessage }) },
      },
    },
    async (request) => ({
      data: await messages.edit(request.auth.user!, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/chat/message/:id/edits',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['messages'],
        summary: "A message's earlier texts, the first first (permission `message.edits`)",
        params: z.object({ id }),
        response: { 200: z.object({ data: z.array(messageEditSchema) }) },
      },
    },
    async (request) => ({
      data: await messages.edits(request.auth.user!, request.params.id),
    }),
  );

  app.delete(
    '/api/chat/message/delete_from_everyone/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'Delete a message for everyone (author or moderator)',
        params: z.object({ id }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await messages.deleteFromEveryone(request.auth.user!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/chat/message/:id/reactions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'React to a message (once per reaction)',
        params: z.object({ id }),
        body: reactionBody,
        response: { 201: z.object({ data: z.object({ reaction: z.enum(REACTIONS) }) }) },
      },
    },
    async (request, reply) => {
      await reactions.add(request.auth.user!, request.params.id, request.body.reaction);
      return reply.code(201).send({ data: { reaction: request.body.reaction } });
    },
  );

  app.delete(
    '/api/chat/message/:id/reactions/:reaction',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'Take my reaction back',
        params: z.object({ id, reaction: z.enum(REACTIONS) }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await reactions.remove(request.auth.user!, request.params.id, request.params.reaction);
      return reply.code(204).send(null);
    },
  );
};
