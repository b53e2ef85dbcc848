import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { notFound, unauthenticated } from '../../http/app-error';
import { safeEqual } from '../../lib/tokens';

/**
 * /healthz for load balancers and /metrics for Prometheus. Not encapsulated (fastify-plugin):
 * the timing hook must see every route of the app.
 */
const ops: FastifyPluginAsyncZod = async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids in paths would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and dependencies',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), redis: z.string() }),
        },
      },
    },
    async () => {
      const { database, redis } = app.deps;
      await sql`select 1`.execute(database.db);
      if (redis) await redis.ping();
      return { status: 'ok' as const, database: database.dialect, redis: redis ? 'ok' : 'off' };
    },
  );

  app.get(
    '/metrics',
    {
      // Its bearer token is METRICS_TOKEN, not a session's: the session plugin must not read it.
      config: { session: 'ignore' },
      schema: { tags: ['ops'], summary: 'Prometheus metrics', hide: false },
    },
    async (request, reply) => {
      const token = app.deps.config.metricsToken;
      if (token) {
        const sent = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
        if (!safeEqual(sent, token)) throw unauthenticated();
      } else if (!fromThisMachine(request)) {
        // Without a token the numbers are for a scraper on this machine only: the route list,
        // traffic and memory are no business of the public.
        throw notFound();
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};

export const opsRoutes = fp(ops, { name: 'ops' });

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A caller on this machine, not one a proxy on this machine passes on: the socket's own peer,
 * whatever TRUST_PROXY says, and no forwarding header (a local reverse proxy adds one).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}
