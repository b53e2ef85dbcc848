import {
  artCommentSchema,
  artGalleryPageSchema,
  artGalleryQuery,
  artGroupSchema,
  artLikeSchema,
  artPostPageSchema,
  artPostSchema,
  ART_COMMENTS_PER_PAGE,
  createArtCommentBody,
  createArtPostBody,
  editArtPostBody,
  idString,
  pageMetaSchema,
  pageQuery,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentedOnce } from '../../http/presented-as-is';

/**
 * A group's or post's slug in a path: letters, digits, `_` and `-` only, so a NUL byte or
 * another control character is a 422 here, never a database error.
 */
const slug = z.string().regex(/^[\p{L}\p{N}_-]{1,191}$/u, { message: 'invalid_value' });
const post = z.object({ data: artPostSchema });
const comment = z.object({ data: artCommentSchema });
const like = z.object({ data: artLikeSchema });
const noContent = { 204: z.null() };
const galleryQuery = artGalleryQuery.extend({ page: pageQuery });

/** The art section (API.md "Art"): everyone looks; registered people post, like, comment. */
export const artRoutes: FastifyPluginAsyncZod = async (app) => {
  const { art } = app.deps;

  app.get(
    '/api/art/groups',
    {
      schema: {
        tags: ['art'],
        summary: 'The groups with their counters and covers',
        response: { 200: z.object({ data: z.array(artGroupSchema) }) },
      },
    },
    async (request) => ({ data: await art.reads.groupList(request.viewer, request.locale) }),
  );

  app.get(
    '/api/art/groups/:slug',
    {
      // A page kept for everyone is the same object each time: encoded once (kept-galleries.ts).
      serializerCompiler: presentedOnce,
      // The page reads only who the reader is and what they may do (http/session-cache.ts).
      config: { session: 'cached' },
      schema: {
        tags: ['art'],
        summary: 'A group and a page of its posts (sort: new, top of the period, discussed)',
        params: z.object({ slug }),
        querystring: galleryQuery,
        response: { 200: artGalleryPageSchema },
      },
    },
    async (request) =>
      art.reads.gallery(request.viewer, request.locale, request.params.slug, {
        sort: request.query.sort,
        page: request.query.page ?? 1,
      }),
  );

  app.get(
    '/api/art',
    {
      // A page kept for everyone is the same object each time: encoded once (kept-galleries.ts).
      serializerCompiler: presentedOnce,
      // The page reads only who the reader is and what they may do (http/session-cache.ts).
      config: { session: 'cached' },
      schema: {
        tags: ['art'],
        summary: "Every group's posts, or a person's (?user=): a page, sorted",
        querystring: galleryQuery.extend({ user: idString.optional() }),
        response: { 200: artGalleryPageSchema },
      },
    },
    async (request) =>
      art.reads.gallery(request.viewer, request.locale, null, {
        sort: request.query.sort,
        page: request.query.page ?? 1,
        ...(request.query.user !== undefined ? { userId: request.query.user } : {}),
      }),
  );

  app.post(
    '/api/art/groups/:slug/posts',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary:
          'Publish a post of 1–20 pictures (201); the same client_id again answers the first (200)',
        params: z.object({ slug }),
        body: createArtPostBody,
        response: { 200: post, 201: post },
      },
    },
    async (request, reply) => {
      const result = await art.write.publish(
        request.viewer,
        request.locale,
        request.params.slug,
        request.body,
      );
      return reply.code(result.replay ? 200 : 201).send({ data: result.post });
    },
  );

  app.get(
    '/api/art/posts/:slug',
    {
      schema: {
        tags: ['art'],
        summary: 'A post and the first page of its comments',
        params: z.object({ slug }),
        response: { 200: artPostPageSchema },
      },
    },
    async (request) => art.reads.postPage(request.viewer, request.locale, request.params.slug),
  );

  app.patch(
    '/api/art/posts/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary: 'Edit a post (its author, or a moderator)',
        params: z.object({ id: idString }),
        body: editArtPostBody,
        response: { 200: post },
      },
    },
    async (request) => ({
      data: await art.write.edit(request.viewer, request.locale, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/art/posts/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary: 'Delete a post (its author, or a moderator)',
        params: z.object({ id: idString }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await art.write.remove(request.viewer, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/art/posts/:id/like',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary: 'Like a post (once per person; again changes nothing)',
        params: z.object({ id: idString }),
        response: { 200: like },
      },
    },
    async (request) => ({ data: await art.likes.like(request.viewer, request.params.id) }),
  );

  app.delete(
    '/api/art/posts/:id/like',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary: 'Take my like back',
        params: z.object({ id: idString }),
        response: { 200: like },
      },
    },
    async (request) => ({ data: await art.likes.unlike(request.viewer, request.params.id) }),
  );

  app.get(
    '/api/art/posts/:id/comments',
    {
      schema: {
        tags: ['art'],
        summary: `A page of a post's comments, oldest first (${ART_COMMENTS_PER_PAGE} a page)`,
        params: z.object({ id: idString }),
        querystring: z.object({ page: pageQuery }),
        response: {
          200: z.object({ data: z.array(artCommentSchema), meta: pageMetaSchema }),
        },
      },
    },
    async (request) =>
      art.comments.page(request.viewer, request.params.id, request.query.page ?? 1),
  );

  app.post(
    '/api/art/posts/:id/comments',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary: 'Comment on a post (201); the same client_id again answers the first (200)',
        params: z.object({ id: idString }),
        body: createArtCommentBody,
        response: { 200: comment, 201: comment },
      },
    },
    async (request, reply) => {
      const result = await art.comments.add(request.viewer, request.params.id, request.body);
      return reply.code(result.replay ? 200 : 201).send({ data: result.comment });
    },
  );

  app.delete(
    '/api/art/comments/:id',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['art'],
        summary: 'Delete a comment (its author, or a moderator)',
        params: z.object({ id: idString }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await art.comments.remove(request.viewer, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
