import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AuthService } from './features/auth/auth.service';
import type { SessionsRepository } from './features/auth/sessions.repository';
import type { CatalogService } from './features/catalog/catalog.service';
import type { RecentSmileys } from './features/catalog/recent-smileys';
import type { PagesService } from './features/pages/pages.service';
import type { UsersRepository } from './features/users/users.repository';
import type { DomainEvents } from './events/domain-events';
import type { MessagesService } from './features/chat/messages.service';
import type { ReactionsService } from './features/chat/reactions.service';
import type { RoomsService } from './features/chat/rooms.service';
import type { QuotesService } from './features/quotes/quotes.service';
import type { JobQueue } from './features/jobs/job-queue';
import type { AttachmentsService } from './features/uploads/attachments.service';
import type { UploadsService } from './features/uploads/uploads.service';
import type { FileStorage } from './lib/storage/file-storage';
import type { GifsService } from './features/gifs/gifs.service';
import type { ImService } from './features/im/im.service';
import type { UserDataService } from './features/users/user-data.service';
import type { UsersService } from './features/users/users.service';
import type { RateLimits } from './http/rate-limit';
import type { Broadcaster } from './realtime/broadcaster';
import type { ChannelRegistry } from './realtime/channel-registry';
import type { RealtimeServer } from './realtime/realtime-server';
import type { NotificationsService } from './features/notifications/notifications.service';
import type { SessionsService } from './features/auth/sessions.service';
import type { FriendsService } from './features/friends/friends.service';
import type { MyServices } from './features/my/my.module';
import type { ProfilesService } from './features/profiles/profiles.service';
import type { ModerationServices } from './features/moderation/moderation.module';
import type { EconomyServices } from './features/economy/economy.module';

/** Everything a route may reach, built once in buildApp and hung on the Fastify instance. */
export interface Deps {
  config: Config;
  database: Database;
  redis: Redis | null;
  buildKey: string;
  rateLimits: RateLimits;
  users: UsersRepository;
  sessions: SessionsRepository;
  auth: AuthService;
  catalog: CatalogService;
  pages: PagesService;
  events: DomainEvents;
  realtime: RealtimeServer;
  broadcaster: Broadcaster;
  /** Channel kinds and their rules, registered by the features (realtime/channel-registry.ts). */
  channels: ChannelRegistry;
  userData: UserDataService;
  /** Each account's recently sent smileys, stored in batches after the messages (features/catalog). */
  recentSmileys: RecentSmileys;
  accounts: UsersService;
  rooms: RoomsService;
  messages: MessagesService;
  reactions: ReactionsService;
  quotes: QuotesService;
  /** The database job queue: register kinds before start, enqueue from services. */
  jobs: JobQueue;
  storage: FileStorage;
  /** Claim, link and show uploaded pictures (features/uploads/attachments.service.ts). */
  attachments: AttachmentsService;
  uploads: UploadsService;
  gifs: GifsService;
  /** Private messages (features/im). */
  im: ImService;
  /** `notify(userId, kind, data)`: a notification, live on `private-user.{id}`. */
  notifications: NotificationsService;
  /** Devices: `end(userId, id)`, `endOthers(userId, keepSessionId)` (sockets close too). */
  sessionsService: SessionsService;
  /** Friend requests and friendships; `areFriends(a, b)`. */
  friends: FriendsService;
  /** Profile pages, the profiles lists and the frames catalogue (features/profiles). */
  profiles: ProfilesService;
  /** The caller's own profile, photos, avatar, nick style, frame, password, account (features/my). */
  my: MyServices;
  /** Sanctions, complaints and appeals, content reviews, roles, the log (features/moderation). */
  moderation: ModerationServices;
  /** The ledger, balance, payments, premium and gifts (features/economy). */
  economy: EconomyServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
