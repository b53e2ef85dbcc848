import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AuthService } from './features/auth/auth.service';
import type { SessionsRepository } from './features/auth/sessions.repository';
import type { CatalogService } from './features/catalog/catalog.service';
import type { PagesService } from './features/pages/pages.service';
import type { UsersRepository } from './features/users/users.repository';
import type { DomainEvents } from './events/domain-events';
import type { RoomMembersRepository } from './features/rooms/room-members.repository';
import type { RateLimits } from './http/rate-limit';
import type { Broadcaster } from './realtime/broadcaster';
import type { ChannelPolicy } from './realtime/channel-policy';
import type { RealtimeServer } from './realtime/realtime-server';

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
  roomMembers: RoomMembersRepository;
  events: DomainEvents;
  realtime: RealtimeServer;
  broadcaster: Broadcaster;
  channelPolicy: ChannelPolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
