import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AccountsRepository } from './features/auth/accounts.repository';
import type { AuthService } from './features/auth/auth.service';
import type { SessionsRepository } from './features/auth/sessions.repository';
import type { PhoneConfirmationService } from './features/auth/phone-confirmations.service';
import type { EmailConfirmationService } from './features/auth/email-confirmation.service';
import type { PasswordResetService } from './features/auth/password-reset.service';
import type { CatalogService } from './features/catalog/catalog.service';
import type { RecentSmileys } from './features/catalog/recent-smileys';
import type { PagesService } from './features/pages/pages.service';
import type { AdminServices } from './features/admin/admin.services';
import type { ArtServices } from './features/art/art.services';
import type { ForumServices } from './features/forum/forum.services';
import type { HomeService } from './features/home/home.service';
import type { UsersRepository } from './features/users/users.repository';
import type { SocialSignInService } from './features/auth/social/social-sign-in.service';
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
import type { PreferencesService } from './features/preferences/preferences.service';
import type { RateLimits } from './http/rate-limit';
import type { Broadcaster } from './realtime/broadcaster';
import type { ChannelRegistry } from './realtime/channel-registry';
import type { RealtimeServer } from './realtime/realtime-server';
import type { NotificationsService } from './features/notifications/notifications.service';
import type { SessionsService } from './features/auth/sessions.service';
import type { FriendsService } from './features/friends/friends.service';
import type { ReachLookup } from './features/friends/reach';
import type { MyServices } from './features/my/my.services';
import type { ProfilesService } from './features/profiles/profiles.service';
import type { ModerationServices } from './features/moderation/moderation.services';
import type { EconomyServices } from './features/economy/economy.services';
import type { MessagesRepository } from './features/chat/messages.repository';
import type { RoomsRepository } from './features/chat/rooms.repository';
import type { ContentSubmissions } from './features/my/content-submissions';
import type { ProfilesRepository } from './features/profiles/profiles.repository';
import type { SocialPorts } from './features/profiles/social-ports';
import type { QuotesRepository } from './features/quotes/quotes.repository';
import type { SearchService } from './features/search/search.service';
import type { VideoService } from './features/video/video.service';

/**
 * Everything a route may reach, hung on the Fastify instance: the platform's parts and the
 * services the feature modules provide (modules.ts).
 */
export interface Deps {
  config: Config;
  database: Database;
  redis: Redis | null;
  buildKey: string;
  rateLimits: RateLimits;
  /** Read-only look-ups of the users row, shared by every feature (features/users). */
  users: UsersRepository;
  /** The account's columns of the users row: sign-in look-ups and writes (features/auth). */
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  auth: AuthService;
  /** The profile's e-mail confirmed by a mailed code or link (features/auth). */
  emailConfirmations: EmailConfirmationService;
  /** A forgotten password: the mailed link, the new password (features/auth). */
  passwordResets: PasswordResetService;
  /** Sign-in with other sites: OAuth 2, OpenID Connect, Telegram, links (features/auth/social). */
  socialSignIn: SocialSignInService;
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
  /** Status line, ignore list, trolls (features/users). */
  usersService: UsersService;
  /** Chat settings and who may write privately: the preferences of the users row. */
  preferences: PreferencesService;
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
  /** The home page's overview: people online, the busiest public rooms (features/home). */
  home: HomeService;
  /** One search over the forum, chat history and people (features/search). */
  search: SearchService;
  /** The forum: reads, writes, reactions, the latest threads (features/forum). */
  forum: ForumServices;
  /** The art section: groups, galleries, posts, likes, comments (features/art). */
  art: ArtServices;
  /** The admin area: its change log, and each part's services (features/admin). */
  admin: AdminServices;
  /** Each room's video call: join, leave, state, ICE servers, signals, moderation. */
  video: VideoService;
  /** Which routes each module registered (`METHOD /url`), keyed by module name. */
  moduleRoutes: ReadonlyMap<string, readonly string[]>;
}

/**
 * What a module hands to the modules after it, never to routes: the small seams one feature
 * offers others (`ctx.provide`, then `ctx.use` or `ctx.later`).
 */
export interface Ports {
  /** Rooms and memberships (features/chat): the rooms of a user, a room's members. */
  roomsRepository: RoomsRepository;
  /** Room messages (features/chat), for quotes. */
  messagesRepository: MessagesRepository;
  /** A user's quoted messages (features/quotes), for user data. */
  quotesRepository: Pick<QuotesRepository, 'messageIdsOf'>;
  /** Whether `userId` ignores `otherId` (features/friends). */
  ignores(userId: number, otherId: number): Promise<boolean>;
  /** Who ignores whom between a sender and a recipient, both ways in one read (features/friends). */
  reach: ReachLookup;
  /** Friends, notifications, sessions and violations, as profiles and my need them. */
  social: SocialPorts;
  /** Profile rows (features/profiles), for the caller's own profile (features/my). */
  profilesRepository: ProfilesRepository;
  /** Content moderation's hooks inside the profile's writes (features/moderation). */
  contentSubmissions: ContentSubmissions;
  /** Phones waiting for their code (features/auth), for the profile form (features/my). */
  phones: PhoneConfirmationService;
}

/** What the modules share: the routes' services and the modules' ports. */
export type Services = Deps & Ports;

/**
 * Every key of Deps (a Record, so the compiler asks for a key added to Deps), checked once the
 * modules have registered: a service no module provides fails at start.
 */
const DEPS_KEY_SET: Record<keyof Deps, true> = {
  config: true,
  database: true,
  redis: true,
  buildKey: true,
  rateLimits: true,
  users: true,
  accounts: true,
  sessions: true,
  auth: true,
  emailConfirmations: true,
  passwordResets: true,
  socialSignIn: true,
  catalog: true,
  pages: true,
  events: true,
  realtime: true,
  broadcaster: true,
  channels: true,
  userData: true,
  recentSmileys: true,
  usersService: true,
  preferences: true,
  rooms: true,
  messages: true,
  reactions: true,
  quotes: true,
  jobs: true,
  storage: true,
  attachments: true,
  uploads: true,
  gifs: true,
  im: true,
  notifications: true,
  sessionsService: true,
  friends: true,
  profiles: true,
  my: true,
  moderation: true,
  economy: true,
  home: true,
  forum: true,
  art: true,
  admin: true,
  search: true,
  video: true,
  moduleRoutes: true,
};
export const DEPS_KEYS = Object.keys(DEPS_KEY_SET) as (keyof Deps)[];

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
