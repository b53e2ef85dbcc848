import { isValidChannelName } from '@chat/shared';
import secureJson from 'secure-json-parse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden, unauthenticated } from '../http/app-error';
import { Limits, SOCKET_ID } from './protocol';
import { constantTimeEqual, httpApiStringToSign, md5Hex, sign } from './signatures';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const MAX_CLOCK_SKEW_S = 600;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH = 10;
/** The "session" of a backend's grants: session ids start at 1, so none ever ends this one. */
const BACKEND_GRANT = 0;

const channel = z.string().refine(isValidChannelName, { message: 'invalid_value' });
const event = z.object({
  name: z.string().min(1).max(Limits.maxEventNameLength),
  data: z.string().max(Limits.maxEventBytes),
  channels: z.array(channel).min(1).max(MAX_CHANNELS_PER_EVENT).optional(),
  channel: channel.optional(),
  socket_id: z.string().regex(SOCKET_ID).optional(),
});
const authQuery = z
  .object({
    auth_key: z.string(),
    auth_timestamp: z.string().regex(/^\d{1,12}$/),
    auth_version: z.string(),
    auth_signature: z.string().regex(/^[0-9a-f]{64}$/),
    body_md5: z.string().optional(),
  })
  .catchall(z.string());

/**
 * Pusher's HTTP API, so the official `pusher` server library (and any other backend that
 * speaks it) can publish into the site. Requests are signed as Pusher signs them.
 */
export const httpApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pusherAppId, pusherKey, pusherSecret } = app.deps.config.secrets;

  // The body's MD5 is part of the signature, so this scope keeps the raw text, and takes JSON
  // only: a form or multipart body would slip past the MD5 check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, secureJson.parse(body, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(
        new AppError('validation', {
          messageKey: 'malformed_body',
          errors: { body: ['malformed_body'] },
        }),
        undefined,
      );
    }
  });

  // Before validation: an unsigned request learns nothing about what a valid body looks like.
  app.addHook('preValidation', async (request) => {
    const params = request.params as { appId: string };
    if (params.appId !== pusherAppId) throw new AppError('not_found');
    const query = authQuery.safeParse(request.query);
    if (!query.success || query.data.auth_key !== pusherKey || query.data.auth_version !== '1.0') {
      throw unauthenticated();
    }
    if (Math.abs(Date.now() / 1000 - Number(query.data.auth_timestamp)) > MAX_CLOCK_SKEW_S)
      throw unauthenticated();
    if (
      request.rawBody !== undefined &&
      !constantTimeEqual(query.data.body_md5 ?? '', md5Hex(request.rawBody))
    ) {
      throw unauthenticated();
    }
    const path = request.url.split('?')[0]!;
    const expected = sign(pusherSecret, httpApiStringToSign(request.method, path, query.data));
    if (!constantTimeEqual(expected, query.data.auth_signature)) throw unauthenticated();
  });

  const publish = (e: z.infer<typeof event>) => {
    const channels = e.channels ?? (e.channel ? [e.channel] : []);
    if (channels.length === 0)
      throw new AppError('validation', { errors: { channels: ['required'] } });
    for (const c of channels) {
      app.deps.realtime.broadcast({
        channel: c,
        event: e.name,
        data: e.data,
        ...(e.socket_id ? { except: e.socket_id } : {}),
      });
    }
  };

  app.post(
    '/apps/:appId/events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Pusher HTTP API: trigger an event on one or more channels',
        params: z.object({ appId: z.string() }),
        body: event,
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      publish(request.body);
      return {};
    },
  );

  // A backend holding the app secret grants sockets as the channel auth grants a browser's
  // (load tools, other services): the socket must be connected now and not another account's.
  app.post(
    '/apps/:appId/grants',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Grant a connected socket channels as an account (for backends with the secret)',
        description:
          'Signed like the other HTTP API calls. The socket must be connected now and not claimed by another account; the grants hold until the socket closes or the account leaves the channel (they belong to no session). 403 otherwise. The subscription still needs its signature.',
        params: z.object({ appId: z.string() }),
        body: z.object({
          socket_id: z.string().regex(SOCKET_ID),
          user_id: z
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
          channels: z.array(channel).min(1).max(Limits.maxChannelsPerConnection),
        }),
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      const { socket_id, user_id, channels } = request.body;
      for (const name of channels) {
        const result = await app.deps.realtime.claims.claim(
          socket_id,
          user_id,
          BACKEND_GRANT,
          name,
        );
        if (result !== 'granted') throw forbidden();
      }
      return {};
    },
  );

  app.post(
    '/apps/:appId/batch_events',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Pusher HTTP API: trigger up to 10 events at once',
        params: z.object({ appId: z.string() }),
        body: z.object({ batch: z.array(event).min(1).max(MAX_BATCH) }),
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      request.body.batch.forEach(publish);
      return {};
    },
  );
};
