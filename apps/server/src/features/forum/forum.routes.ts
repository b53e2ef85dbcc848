import {
  FORUM_PAGE_SIZES,
  forumCategoryPageSchema,
  forumCategoryQuery,
  forumCategorySchema,
  forumThreadPageSchema,
  forumThreadSchema,
  idString,
  messageEditSchema,
  pageQuery,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentedOnce } from '../../http/presented-as-is';

/**
 * A category's or thread's slug in a path: letters, digits, `_` and `-` only, so a NUL byte or
 * another control character is a 422 here, never a database error (the forum's other routes
 * take their slugs through it too).
 */
export const forumSlugParam = z
  .string()
  .regex(/^[\p{L}\p{N}_-]{1,191}$/u, { message: 'invalid_value' });
const slug = forumSlugParam;
const perPage = z
  .enum(FORUM_PAGE_SIZES.map(String) as [string, ...string[]])
  .transform(Number)
  .optional();

/** Reading the forum (API.md "Forum"): everyone, visitors without a session too. */
export const forumReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { forum } = app.deps;

  app.get(
    '/api/forum/categories',
    {
      schema: {
        tags: ['forum'],
        summary: 'The categories with their counters and newest post',
        response: { 200: z.object({ data: z.array(forumCategorySchema) }) },
      },
    },
    async (request) => ({ data: await forum.reads.categoryList(request.viewer, request.locale) }),
  );

  app.get(
    '/api/forum/categories/:slug',
    {
      schema: {
        tags: ['forum'],
        summary: "A category and a page of its threads (pinned first), with the reader's unread",
        params: z.object({ slug }),
        querystring: forumCategoryQuery.extend({ page: pageQuery, per_page: perPage }),
        response: { 200: forumCategoryPageSchema },
      },
      serializerCompiler: presentedOnce,
    },
    async (request) =>
      forum.reads.categoryPage(request.viewer, request.locale, request.params.slug, {
        page: request.query.page ?? 1,
        perPage: request.query.per_page ?? FORUM_PAGE_SIZES[0],
        sort: request.query.sort,
      }),
  );

  app.get(
    '/api/forum/threads/:slug',
    {
      schema: {
        tags: ['forum'],
        summary:
          "A thread and a page of its posts: ?page=, ?post= (the page holding it), or the reader's first unread",
        params: z.object({ slug }),
        querystring: z.object({ page: pageQuery, post: idString.optional() }),
        response: { 200: forumThreadPageSchema },
      },
      serializerCompiler: presentedOnce,
    },
    async (request) =>
      forum.reads.threadPage(request.viewer, request.locale, request.params.slug, {
        ...(request.query.page !== undefined ? { page: request.query.page } : {}),
        ...(request.query.post !== undefined ? { post: request.query.post } : {}),
        visitor: request.ip,
      }),
  );

  app.get(
    '/api/forum/latest',
    {
      schema: {
        tags: ['forum'],
        summary: 'The newest threads everyone may see (the home page), kept a few seconds',
        querystring: z.object({
          limit: z
            .string()
            .regex(/^([1-9]|10)$/, { message: 'invalid_value' })
            .transform(Number)
            .optional(),
        }),
        response: { 200: z.object({ data: z.array(forumThreadSchema) }) },
      },
    },
    async (request) => ({
      data: await forum.latest(request.locale, request.query.limit ?? 5),
    }),
  );

  app.get(
    '/api/forum/posts/:id/edits',
    {
      config: { access: 'registered' },
      schema: {
        tags: ['forum'],
        summary: "A post's earlier texts, the first first (permission `forum.moderate`)",
        params: z.object({ id: idString }),
        response: { 200: z.object({ data: z.array(messageEditSchema) }) },
      },
    },
    async (request) => ({ data: await forum.reads.edits(request.viewer, request.params.id) }),
  );
};
