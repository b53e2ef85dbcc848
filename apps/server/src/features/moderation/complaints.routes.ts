import {
  COMPLAINT_TABS,
  complaintBody,
  complaintCommentBody,
  complaintCommentSchema,
  complaintDetailSchema,
  complaintSchema,
  idString,
  pageMetaSchema,
  pageQuery,
  resolveBody,
} from '@chat/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const one = z.object({ data: complaintSchema });
const params = z.object({ id: idString });

/**
 * Complaints and appeals (API.md "Moderation and complaints"). Filing and commenting stay open
 * to gagged and banned people: an appeal is how they answer a sanction.
 */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { complaints } = app.deps.moderation;

  app.post(
    '/api/complaints',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['complaints'],
        summary:
          'Complain about a message, private message, person or photo, or appeal my own ban ' +
          '(201 new; 200 merged into the open complaint about the same thing)',
        body: complaintBody,
        response: { 200: one, 201: one },
      },
    },
    async (request, reply) => {
      const { complaint, created } = await complaints.file(request.auth.user!, request.body);
      return reply.code(created ? 201 : 200).send({ data: complaint });
    },
  );

  app.get(
    '/api/complaints',
    {
      config: { access: 'user' },
      schema: {
        tags: ['complaints'],
        summary: 'My complaints (mine), or the open and closed ones (complaint.handle)',
        querystring: z.object({ tab: z.enum(COMPLAINT_TABS).optional(), page: pageQuery }),
        response: { 200: z.object({ data: z.array(complaintSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) =>
      complaints.list(request.auth.user!, request.query.tab ?? 'mine', request.query.page ?? 1),
  );

  app.get(
    '/api/complaints/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['complaints'],
        summary: 'A complaint with its thread (its reporters and the staff only)',
        params,
        response: { 200: z.object({ data: complaintDetailSchema }) },
      },
    },
    async (request) => ({
      data: await complaints.detail(request.auth.user!, request.params.id),
    }),
  );

  app.post(
    '/api/complaints/:id/take',
    {
      config: { access: 'user' },
      schema: {
        tags: ['complaints'],
        summary: 'Take an open complaint to handle it (one moderator at a time)',
        params,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await complaints.take(request.auth.user!, request.params.id),
    }),
  );

  app.post(
    '/api/complaints/:id/resolve',
    {
      config: { access: 'user' },
      schema: {
        tags: ['complaints'],
        summary: 'Accept or refuse a complaint; its reporters are notified',
        params,
        body: resolveBody,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await complaints.resolve(request.auth.user!, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/complaints/:id/comments',
    {
      config: { access: 'user', sanctions: 'exempt' },
      schema: {
        tags: ['complaints'],
        summary: "Write in a complaint's thread (its reporters and the staff)",
        params,
        body: complaintCommentBody,
        response: { 201: z.object({ data: complaintCommentSchema }) },
      },
    },
    async (request, reply) => {
      const comment = await complaints.comment(
        request.auth.user!,
        request.params.id,
        request.body.text,
      );
      return reply.code(201).send({ data: comment });
    },
  );
};
