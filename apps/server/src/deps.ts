import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/database';
import type { AuthService } from './features/auth/auth.service';
import type { SessionsRepository } from './features/auth/sessions.repository';
import type { CatalogService } from './features/catalog/catalog.service';
import type { PagesService } from './features/pages/pages.service';
import type { UsersRepository } from './features/users/users.repository';
import type { RateLimits } from './http/rate-limit';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
