import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** `_method` of a POST body, read before schema validation strips unknown fields. */
    overrideMethod: string | undefined;
  }
}

/**
 * `POST` with `_method=PATCH|PUT|DELETE` in the body is routed as that method (API.md). The body
 * is only known after routing, so each overridable route also answers POST and checks `_method`;
 * where a real POST shares the URL, the POST handler hands over to the overridden route.
 */
export const methodOverridePlugin = fp(async (app) => {
  const overridden = new Map<string, Map<string, RouteOptions>>();
  const realPost = new Set<string>();

  app.decorateRequest('overrideMethod', undefined);
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST') request.overrideMethod = overrideOf(request.body);
  });

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    const url = route.url;
    if (methods.includes('POST')) {
      realPost.add(url);
      // A POST naming a method this URL does not have is a 404 before its body is validated
      // against the POST's schema (which would answer 422 about a body never meant for it).
      route.preValidation = [
        async (request: FastifyRequest, reply: FastifyReply) => {
          const named = request.overrideMethod;
          if (named !== undefined && OVERRIDABLE.has(named) && !overridden.get(url)?.has(named))
            return reply.callNotFound();
        },
        ...[route.preValidation ?? []].flat(),
      ];
      const handler = route.handler;
      route.handler = function (request, reply) {
        const named = request.overrideMethod;
        if (named === undefined || !OVERRIDABLE.has(named))
          return handler.call(this, request, reply);
        // A POST that names another method is that method or nothing: never the POST action.
        const target = overridden.get(url)?.get(named);
        return target ? target.handler.call(this, request, reply) : reply.callNotFound();
      };
      return;
    }
    const method = methods.find((m) => OVERRIDABLE.has(m));
    if (!method || methods.length !== 1) return;
    let byMethod = overridden.get(url);
    if (!byMethod) overridden.set(url, (byMethod = new Map<string, RouteOptions>()));
    byMethod.set(method, route);
    if (realPost.has(url)) return;
    // A second overridable method on a URL whose POST another one answers (DELETE and PATCH of
    // a chat message): it answers its own method only. Handing it that POST would run it on a
    // body validated by the other route's schema.
    if (byMethod.size > 1) return;
    // A route registered before its POST twin: answer POST here, refusing a wrong _method.
    route.method = [method, 'POST'];
    // Checked before validation: a POST naming another method (or none) must not be judged by
    // this route's schema (a 422 about fields of a call that is not this one).
    route.preValidation = [
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method === 'POST' && overrideOf(request.body) !== method)
          return reply.callNotFound();
      },
      ...[route.preValidation ?? []].flat(),
    ];
    const handler = route.handler;
    route.handler = function (request, reply) {
      if (request.method === 'POST' && request.overrideMethod !== method) {
        return reply.callNotFound();
      }
      return handler.call(this, request, reply);
    };
  });
});

function overrideOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)._method;
  return typeof value === 'string' ? value.toUpperCase() : undefined;
}
