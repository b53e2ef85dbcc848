import {
  createPostBody,
  createThreadBody,
  editPostBody,
  forumPostSchema,
  forumReactionBody,
  forumThreadSchema,
  FORUM_POST_MAX,
  idString,
  REACTIONS,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forumSlugParam } from './forum.routes';

const slug = forumSlugParam;
const thread = z.object({ data: forumThreadSchema });
const post = z.object({ data: forumPostSchema });
const noContent = { 204: z.null() };

/** Writing in the forum (API.md "Forum"): registered people with `forum.post`. */
export const forumWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forum } = app.deps;

  app.post(
    '/api/forum/categories/:slug/threads',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: 'Start a thread (201); the same client_id again answers the first (200)',
        params: z.object({ slug }),
        body: createThreadBody,
        response: { 200: thread, 201: thread },
      },
    },
    async (request, reply) => {
      const result = await forum.write.createThread(
        request.viewer,
        request.locale,
        request.params.slug,
        request.body,
      );
      return reply.code(result.replay ? 200 : 201).send({ data: result.thread });
    },
  );

  app.post(
    '/api/forum/threads/:slug/posts',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: 'Reply in a thread (201); the same client_id again answers the first (200)',
        params: z.object({ slug }),
        body: createPostBody,
        response: { 200: post, 201: post },
      },
    },
    async (request, reply) => {
      const result = await forum.write.reply(request.viewer, request.params.slug, request.body);
      return reply.code(result.replay ? 200 : 201).send({ data: result.post });
    },
  );

  app.delete(
    '/api/forum/posts/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary:
          'Delete a post (its author, or a moderator); an unanswered first post takes its thread',
        params: z.object({ id: idString }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await forum.write.remove(request.viewer, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/forum/posts/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: 'Edit a post (its author within FORUM_EDIT_WINDOW_MS, or a moderator)',
        params: z.object({ id: idString }),
        body: editPostBody,
        response: { 200: post },
      },
    },
    async (request) => ({
      data: await forum.write.edit(request.viewer, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/forum/posts/:id/reactions',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: 'React to a post (once per reaction)',
        params: z.object({ id: idString }),
        body: forumReactionBody,
        response: { 201: z.object({ data: z.object({ reaction: z.enum(REACTIONS) }) }) },
      },
    },
    async (request, reply) => {
      await forum.reactions.add(request.viewer, request.params.id, request.body.reaction);
      return reply.code(201).send({ data: { reaction: request.body.reaction } });
    },
  );

  app.delete(
    '/api/forum/posts/:id/reactions/:reaction',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: 'Take my reaction back',
        params: z.object({ id: idString, reaction: z.enum(REACTIONS) }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await forum.reactions.remove(request.viewer, request.params.id, request.params.reaction);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/forum/preview',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: 'The HTML a post text gets when stored (the live preview)',
        body: z.object({ text: z.string().max(FORUM_POST_MAX) }),
        response: { 200: z.object({ data: z.object({ html: z.string() }) }) },
      },
    },
    async (request) => ({
      data: { html: await forum.write.preview(request.viewer, request.body.text) },
    }),
  );
};
