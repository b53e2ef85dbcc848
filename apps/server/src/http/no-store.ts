import fp from 'fastify-plugin';

/**
 * Paths whose answers are worked out per request: the API, channel auth, the socket server's
 * HTTP API, the test provider's pay page and the operators' endpoints. Their answers depend on
 * who asks (a session, a token) or on the moment, so no browser, proxy or CDN may keep one.
 */
const DYNAMIC = /^\/(?:api|broadcasting|apps|pay|metrics|healthz)(?:[/?]|$)/;

/**
 * `Cache-Control: no-store` on every dynamic answer, errors included, unless its route chose a
 * policy of its own (a public, cacheable answer says so itself). Static files (the web app,
 * smileys, /storage) keep the long caching their plugins give them.
 */
export const noStorePlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && DYNAMIC.test(request.url))
      void reply.header('cache-control', 'no-store');
  });
});
