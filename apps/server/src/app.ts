import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config, TrustProxy } from './config';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEPS_KEYS, type Deps } from './deps';
import { BODY_LIMIT, bodyParsersPlugin } from './http/body-parsers';
import { errorHandlerPlugin, frameworkErrorHandler } from './http/error-handler';
import { localePlugin } from './http/locale';
import { methodOverridePlugin } from './http/method-override';
import { noStorePlugin } from './http/no-store';
import { openApiPlugin } from './http/openapi';
import { securityHeadersPlugin } from './http/security-headers';
import { sameOriginPlugin } from './http/same-origin';
import { sessionPlugin } from './http/session';
import { SessionCache } from './http/session-cache';
import { webAppPlugin } from './http/web-app';
import { MODULES } from './modules';
import { createPlatform } from './platform/platform';
import { registerModuleRoutes, registerModules, startRealtime } from './platform/register-modules';
import { broadcastingRoutes } from './realtime/broadcasting.routes';
import { httpApiRoutes } from './realtime/http-api.routes';
import { usePasswordHashCost } from './lib/passwords';

const HERE = fileURLToPath(new URL('.', import.meta.url));
export const SERVER_ROOT = resolve(HERE, '..');
export const DEFAULT_WEB_DIST = resolve(SERVER_ROOT, '../web/dist');

export interface BuildOptions {
  /** Where the built web app lives; null serves the API only (most tests). */
  webDist?: string | null;
  /** An already open database (tests share one per file); else DATABASE_URL is opened. */
  database?: Database;
  logger?: boolean;
  /**
   * More routes, registered after the site's own (behind the same session, access and error
   * handling): a benchmark's baseline route. The site itself never passes any.
   */
  extraRoutes?: FastifyPluginAsync;
}

/** Builds the whole site without listening: main.ts listens, tests call inject(). */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  usePasswordHashCost(config.passwordHashCost);
  const database = options.database ?? openDatabase(config.databaseUrl);
  await migrateToLatest(database);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : null;
  if (redis) await redis.connect();

  const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist;
  const storageDir = join(config.dataDir, 'storage');
  mkdirSync(storageDir, { recursive: true });

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (a broken URL, an overlong parameter) get the envelope too.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const platform = await createPlatform({
    config,
    database,
    redis,
    log: app.log,
    buildKey: config.buildKey ?? buildKeyOf(webDist),
  });
  // Each feature builds its services and declares its routes, channels, listeners and jobs.
  const registered = registerModules(platform, MODULES);
  const { realtime, channels, broadcaster } = await startRealtime(platform, registered);
  const moduleRoutes = new Map<string, string[]>();
  registered.services.provide('platform', {
    config,
    database,
    redis,
    buildKey: platform.buildKey,
    rateLimits: platform.rateLimits,
    events: platform.events,
    jobs: platform.jobs,
    storage: platform.storage,
    realtime,
    channels,
    broadcaster,
    moduleRoutes,
  });
  const deps: Deps = registered.services.complete(DEPS_KEYS);
  app.decorate('deps', deps);
  const sessionCache = new SessionCache(deps.sessions, platform.cacheBus);
  sessionCache.listenTo(platform.events);

  app.addHook('onSend', async (_request, reply) => {
    void reply.header('x-build-key', deps.buildKey);
  });
  // WebSocket upgrades on the HTTP port; anything but /app/{key} is not ours.
  app.server.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
  });
  // Job workers start once every module has registered its kinds, and stop before the
  // database closes (running jobs finish; nothing is left `running`).
  app.addHook('onReady', async () => {
    await platform.jobs.start();
  });
  app.addHook('preClose', async () => {
    await platform.jobs.stop();
    for (const stop of registered.stops) await stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await platform.cacheBus.close();
    redis?.disconnect();
    if (!options.database) await database.close();
  });

  // First, so that every answer (errors included) carries the security headers.
  await app.register(securityHeadersPlugin, { config });
  await app.register(noStorePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(localePlugin);
  await app.register(cookie);
  await app.register(bodyParsersPlugin);
  await app.register(methodOverridePlugin);
  await app.register(openApiPlugin);
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(sessionPlugin, {
    sessions: deps.sessions,
    cache: sessionCache,
    appKey: config.secrets.appKey,
    secureCookies: config.publicUrl.startsWith('https:'),
  });

  await registerModuleRoutes(
    app,
    // The socket server's own routes: channel auth and Pusher's HTTP events API.
    [{ module: 'realtime', plugins: [broadcastingRoutes, httpApiRoutes] }, ...registered.routes],
    moduleRoutes,
  );
  if (options.extraRoutes) await app.register(options.extraRoutes);

  await app.register(webAppPlugin, {
    webDist,
    assetsDir: join(SERVER_ROOT, 'assets'),
    storageDir,
  });
  await app.ready();
  return app;
}

/**
 * Fastify's form of TRUST_PROXY: a hop count becomes "the first `n` hops from the socket", as
 * proxy-addr counts them (Fastify takes a number too, but its types do not say so).
 */
function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The build's id: the hash of the web app's index.html (it names every hashed asset). */
function buildKeyOf(webDist: string | null): string {
  const index = webDist ? join(webDist, 'index.html') : null;
  const source = index && existsSync(index) ? readFileSync(index) : Buffer.from('api-only');
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}
