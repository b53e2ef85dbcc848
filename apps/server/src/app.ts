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
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Deps } from './deps';
import { createModerationServices } from './features/moderation/moderation.module';
import { createEconomyServices } from './features/economy/economy.module';
import { balanceRoutes } from './features/economy/balance.routes';
import { giftsRoutes } from './features/economy/gifts.routes';
import { premiumRoutes } from './features/economy/premium.routes';
import { paymentsRoutes } from './features/economy/payments/payments.routes';
import { complaintsRoutes } from './features/moderation/complaints.routes';
import { ContentReviewsRepository } from './features/moderation/content-reviews.repository';
import { contentReviewsRoutes } from './features/moderation/content-reviews.routes';
import { AuthService } from './features/auth/auth.service';
import { authRoutes } from './features/auth/auth.routes';
import { SessionsRepository } from './features/auth/sessions.repository';
import { CatalogRepository } from './features/catalog/catalog.repository';
import { CatalogService } from './features/catalog/catalog.service';
import { RecentSmileys } from './features/catalog/recent-smileys';
import { RecentSmileysRepository } from './features/catalog/recent-smileys.repository';
import { initRoutes } from './features/init/init.routes';
import { opsRoutes } from './features/ops/ops.routes';
import { PagesRepository } from './features/pages/pages.repository';
import { pagesRoutes } from './features/pages/pages.routes';
import { PagesService } from './features/pages/pages.service';
import { UsersRepository } from './features/users/users.repository';
import { BODY_LIMIT, bodyParsersPlugin } from './http/body-parsers';
import { frameworkErrorHandler } from './http/error-handler';
import { errorHandlerPlugin } from './http/error-handler';
import { localePlugin } from './http/locale';
import { methodOverridePlugin } from './http/method-override';
import { openApiPlugin } from './http/openapi';
import { RateLimits } from './http/rate-limit';
import { sessionPlugin } from './http/session';
import { SessionCache } from './http/session-cache';
import { InvalidationBus, RedisChannel } from './lib/cache/invalidation-bus';
import { webAppPlugin } from './http/web-app';
import { securityHeadersPlugin } from './http/security-headers';
import { DomainEvents } from './events/domain-events';
import { Broadcaster } from './realtime/broadcaster';
import { broadcastingRoutes } from './realtime/broadcasting.routes';
import { ChannelRegistry } from './realtime/channel-registry';
import { createRealtime } from './realtime/create-realtime';
import { registerChatChannels } from './features/chat/chat.channels';
import { presentMemberInfo, registerUserChannels } from './features/users/users.channels';
import { opsRealtime } from './features/ops/ops.realtime';
import { usersRealtime } from './features/users/users.realtime';
import { moderationRealtime } from './features/moderation/moderation.realtime';
import { economyRealtime } from './features/economy/economy.realtime';
import { chatRealtime } from './features/chat/chat.realtime';
import { imRealtime } from './features/im/im.realtime';
import { uploadsRealtime } from './features/uploads/uploads.realtime';
import { notificationsRealtime } from './features/notifications/notifications.realtime';
import { authRealtime } from './features/auth/auth.realtime';
import { httpApiRoutes } from './realtime/http-api.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { MessagesRepository } from './features/chat/messages.repository';
import { messagesRoutes } from './features/chat/messages.routes';
import { MessagesService } from './features/chat/messages.service';
import { ReactionsRepository } from './features/chat/reactions.repository';
import { ReactionsService } from './features/chat/reactions.service';
import { RepeatGuard } from './features/chat/repeat-guard';
import { RoomRosters } from './features/chat/room-rosters';
import { RoomView } from './features/chat/room-view';
import { RoomsRepository } from './features/chat/rooms.repository';
import { roomsRoutes } from './features/chat/rooms.routes';
import { RoomsService } from './features/chat/rooms.service';
import { QuotesRepository } from './features/quotes/quotes.repository';
import { quotesRoutes } from './features/quotes/quotes.routes';
import { GifsRepository } from './features/gifs/gifs.repository';
import { gifsRoutes } from './features/gifs/gifs.routes';
import { GifsService } from './features/gifs/gifs.service';
import { QuotesService } from './features/quotes/quotes.service';
import { filesRoutes } from './features/uploads/files.routes';
import { createUploadsModule } from './features/uploads/uploads.module';
import { uploadsRoutes } from './features/uploads/uploads.routes';
import { UserDataService } from './features/users/user-data.service';
import { usersRoutes } from './features/users/users.routes';
import { UsersService } from './features/users/users.service';
import { ImRepository } from './features/im/im.repository';
import { imRoutes } from './features/im/im.routes';
import { ImService } from './features/im/im.service';
import { myProfileRoutes } from './features/my/my-profile.routes';
import { myIdentityRoutes } from './features/my/my-identity.routes';
import { createMyServices } from './features/my/my.module';
import { MyRepository } from './features/my/my.repository';
import { ProfilesRepository } from './features/profiles/profiles.repository';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { ProfilesService } from './features/profiles/profiles.service';
import type { SocialPorts } from './features/profiles/social-ports';
import { trackVisits } from './features/profiles/statistics-listeners';
import { NotificationsRepository } from './features/notifications/notifications.repository';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { NotificationsService } from './features/notifications/notifications.service';
import { SessionsService } from './features/auth/sessions.service';
import { FriendsRepository } from './features/friends/friends.repository';
import { friendsRoutes } from './features/friends/friends.routes';
import { rolesRoutes } from './features/moderation/roles.routes';
import { bansRoutes } from './features/moderation/bans.routes';
import { moderationListsRoutes } from './features/moderation/moderation-lists.routes';
import { FriendsService, FRIEND_CALLS_PER_MINUTE } from './features/friends/friends.service';
import { wireNotificationTriggers } from './features/notifications/notification-triggers';
import { sessionsRoutes } from './features/auth/sessions.routes';

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
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (a broken URL, an overlong parameter) get the envelope too.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const users = new UsersRepository(database.db);
  const sessions = new SessionsRepository(database.db);
  const rateLimits = new RateLimits(redis);
  const roomsRepo = new RoomsRepository(database.db);
  // Each feature registers the channels it owns; the socket server asks the registry.
  const channels = new ChannelRegistry(presentMemberInfo);
  registerChatChannels(channels, roomsRepo);
  registerUserChannels(channels);
  const realtime = createRealtime(config, redis, app.log, channels);
  await realtime.start();
  const events = new DomainEvents(app.log);
  // In-memory caches of the post path, dropped on every node by the events that change them.
  const cacheChannel = redis
    ? new RedisChannel(redis, `cache:${config.secrets.pusherAppId}:invalidate`, app.log)
    : null;
  await cacheChannel?.start();
  const cacheBus = new InvalidationBus(cacheChannel);
  const sessionCache = new SessionCache(sessions, cacheBus);
  sessionCache.listenTo(events);
  const rosters = new RoomRosters(roomsRepo, cacheBus);
  rosters.listenTo(events);
  const broadcaster = new Broadcaster(realtime);
  // Each feature turns its own domain events into realtime events.
  for (const listen of [
    opsRealtime,
    usersRealtime,
    moderationRealtime,
    economyRealtime,
    imRealtime,
    uploadsRealtime,
    notificationsRealtime,
    authRealtime,
  ])
    listen(events, broadcaster);
  chatRealtime(events, broadcaster, roomsRepo);
  const catalog = new CatalogService(
    new CatalogRepository(database.db),
    (file) => `/assets/static/smileys/${file}`,
  );
  const recentSmileys = new RecentSmileys(
    new RecentSmileysRepository(database.db),
    catalog,
    app.log,
  );
  recentSmileys.listenTo(events);
  const messagesRepo = new MessagesRepository(database.db);
  const reactionsRepo = new ReactionsRepository(database.db);
  const quotesRepo = new QuotesRepository(database.db);
  const gifs = new GifsService(new GifsRepository(database.db));
  const roomView = new RoomView(roomsRepo, messagesRepo, reactionsRepo, users);
  const uploads = createUploadsModule(config, database, events, rateLimits, app.log);
  const im = new ImService(
    new ImRepository(database.db),
    users,
    rateLimits,
    new RepeatGuard(redis, 30, 'im'),
    events,
    uploads.attachments,
    config.rateLimits.messages,
    uploads.units,
  );
  const notifications = new NotificationsService(new NotificationsRepository(database.db), events);
  const friendsRepo = new FriendsRepository(database.db);
  const friends = new FriendsService(friendsRepo, users, notifications, rateLimits, {
    name: 'friends',
    points: FRIEND_CALLS_PER_MINUTE,
    durationSeconds: 60,
  });
  // `im_privacy: friends` takes effect now that friendships exist.
  im.useFriends(friends);
  events.on('user.deleted', ({ userId }) => friends.forget(userId));
  wireNotificationTriggers({
    events,
    notifications,
    rooms: roomsRepo,
    presentUserIds: (channel) => realtime.presentUserIds(channel),
    ignores: async (userId, otherId) =>
      (await friendsRepo.ignoresBetween(userId, otherId)).aIgnoresB,
  });
  const profilesRepo = new ProfilesRepository(database.db, database.dialect === 'postgres');
  const social: SocialPorts = {
    friendsOf: (userId) => friends.list(userId),
    notify: async (userId, kind, data) => {
      await notifications.notify(userId, kind, data);
    },
    endOtherSessions: async (userId, keep) => {
      await deps.sessionsService.endOthers(userId, keep);
    },
    violationsOf: (userId) => deps.moderation.people.violations(userId),
  };
  const profiles = new ProfilesService(profilesRepo, social);
  trackVisits(events, profiles);
  const deps: Deps = {
    config,
    database,
    redis,
    buildKey: config.buildKey ?? buildKeyOf(webDist),
    rateLimits,
    users,
    sessions,
    auth: new AuthService(
      users,
      sessions,
      rateLimits,
      {
        login: { name: 'login', points: config.rateLimits.login, durationSeconds: 60 },
        loginPerAddress: {
          name: 'login-ip',
          points: config.rateLimits.login * 6,
          durationSeconds: 60,
        },
        register: { name: 'register', points: config.rateLimits.register, durationSeconds: 600 },
      },
      events,
    ),
    catalog,
    pages: new PagesService(new PagesRepository(database.db)),
    events,
    realtime,
    broadcaster,
    channels,
    userData: new UserDataService(
      users,
      quotesRepo,
      catalog,
      gifs,
      recentSmileys,
      (id) => im.unreadCount(id),
      {
        friends: (id) => friends.friendsOf(id),
        notifications: (id) => notifications.newest(id),
        unreadNotifications: (id) => notifications.unreadCount(id),
        sanctions: (user) => deps.moderation.bans.mine(user),
      },
    ),
    recentSmileys,
    accounts: new UsersService(users, roomsRepo, events),
    rooms: new RoomsService(roomsRepo, messagesRepo, users, roomView, events),
    messages: new MessagesService(
      messagesRepo,
      roomsRepo,
      roomView,
      rateLimits,
      new RepeatGuard(redis),
      events,
      config.rateLimits.messages,
      gifs,
      uploads.attachments,
      rosters,
      uploads.units,
    ),
    reactions: new ReactionsService(reactionsRepo, messagesRepo, roomsRepo, rateLimits, events),
    quotes: new QuotesService(quotesRepo, messagesRepo, roomsRepo),
    jobs: uploads.jobs,
    storage: uploads.storage,
    attachments: uploads.attachments,
    uploads: uploads.uploads,
    gifs,
    im,
    notifications,
    sessionsService: new SessionsService(sessions, events),
    friends,
    profiles,
    my: createMyServices(
      new MyRepository(database.db),
      profilesRepo,
      uploads.storage,
      social,
      events,
      {
        rateLimits,
        // The same budget as signing in, per account: the current password is asked here too.
        rule: { name: 'password-check', points: config.rateLimits.login, durationSeconds: 600 },
      },
      // Content moderation's hooks, run inside the profile's writes.
      new ContentReviewsRepository(database.db),
    ),
    moderation: createModerationServices(database.db, {
      users,
      events,
      content: {
        notify: (userId, kind, data) => social.notify(userId, kind, data),
        removeAvatar: async (user) => {
          await deps.my.avatar.remove(user);
        },
      },
      sanctions: {
        jobs: uploads.jobs,
        units: uploads.units,
        leaveChat: (user) => deps.rooms.leaveChat(user),
        notify: (userId, kind, data) => social.notify(userId, kind, data),
      },
      complaints: {
        rateLimits,
        notify: (userId, kind, data) => social.notify(userId, kind, data),
      },
    }),
    economy: createEconomyServices(database, {
      events,
      users,
      notify: (userId, kind, data) => notifications.notify(userId, kind, data),
      jobs: uploads.jobs,
      units: uploads.units,
      config,
      rateLimits,
      log: app.log,
    }),
  };
  app.decorate('deps', deps);
  profiles.useModeration(deps.moderation.content);
  profiles.useGifts(deps.economy.gifts);

  app.addHook('onSend', async (_request, reply) => {
    void reply.header('x-build-key', deps.buildKey);
  });
  // WebSocket upgrades on the HTTP port; anything but /app/{key} is not ours.
  app.server.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
  });
  // Job workers start once every feature has registered its kinds, and stop before the
  // database closes (running jobs finish; nothing is left `running`).
  app.addHook('onReady', async () => {
    await uploads.start();
  });
  app.addHook('preClose', async () => {
    // The uses waiting for their batch are written while the database is still open.
    await recentSmileys.flush();
    await uploads.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await cacheBus.close();
    redis?.disconnect();
    if (!options.database) await database.close();
  });

  // First, so that every answer (errors included) carries the security headers.
  await app.register(securityHeadersPlugin, { config });
  await app.register(errorHandlerPlugin);
  await app.register(localePlugin);
  await app.register(cookie);
  await app.register(bodyParsersPlugin);
  await app.register(methodOverridePlugin);
  await app.register(openApiPlugin);
  await app.register(sessionPlugin, {
    sessions,
    cache: sessionCache,
    appKey: config.secrets.appKey,
    secureCookies: config.publicUrl.startsWith('https:'),
  });

  await app.register(opsRoutes);
  await app.register(initRoutes);
  await app.register(authRoutes);
  await app.register(pagesRoutes);
  await app.register(broadcastingRoutes);
  await app.register(httpApiRoutes);
  await app.register(usersRoutes);
  await app.register(chatRoutes);
  await app.register(roomsRoutes);
  await app.register(messagesRoutes);
  await app.register(quotesRoutes);
  await app.register(uploadsRoutes);
  await app.register(filesRoutes);
  await app.register(gifsRoutes);
  await app.register(imRoutes);
  await app.register(myProfileRoutes);
  await app.register(myIdentityRoutes);
  await app.register(profilesRoutes);
  await app.register(notificationsRoutes);
  await app.register(sessionsRoutes);
  await app.register(friendsRoutes);
  await app.register(contentReviewsRoutes);
  await app.register(rolesRoutes);
  await app.register(complaintsRoutes);
  await app.register(bansRoutes);
  await app.register(moderationListsRoutes);
  await app.register(balanceRoutes);
  await app.register(giftsRoutes);
  await app.register(premiumRoutes);
  await app.register(paymentsRoutes);
  if (options.extraRoutes) await app.register(options.extraRoutes);

  await app.register(webAppPlugin, {
    webDist,
    assetsDir: join(SERVER_ROOT, 'assets'),
    storageDir,
  });
  await app.ready();
  return app;
}

/** The build's id: the hash of the web app's index.html (it names every hashed asset). */
function buildKeyOf(webDist: string | null): string {
  const index = webDist ? join(webDist, 'index.html') : null;
  const source = index && existsSync(index) ? readFileSync(index) : Buffer.from('api-only');
  return createHash('sha256').update(source).digest('hex').slice(0, 16);
}
