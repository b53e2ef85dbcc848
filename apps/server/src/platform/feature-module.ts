import type { PresenceMemberInfo } from '@chat/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { UserRow } from '../db/schema';
import type { Services } from '../deps';
import type { DomainEvents } from '../events/domain-events';
import type { JobKinds } from '../features/jobs/job-queue';
import type { SearchRegistry } from '../features/search/search-registry';
import type { AttachmentLinkKind, VisibilityCheck } from '../features/uploads/attachments.service';
import type { Broadcaster } from '../realtime/broadcaster';
import type { ChannelKinds } from '../realtime/channel-registry';
import type { Platform } from './platform';

/**
 * A feature of the site, as app.ts knows it: a name and one `register`, which builds the
 * feature's services on the platform and declares everything the feature adds to the site.
 * Modules register in the order of modules.ts; a module may use the services of those before it.
 */
export interface FeatureModule<Name extends string = string> {
  readonly name: Name;
  register(ctx: ModuleContext): void;
}

/** Turns a feature's domain events into realtime events (`features/<f>/<f>.realtime.ts`). */
export type RealtimeListener = (events: DomainEvents, broadcaster: Broadcaster) => void;

export interface ModuleContext {
  /** Database, unit of work, events, job queue, rate limits, storage, config, log. */
  readonly platform: Platform;
  /** A service or port of a module registered before this one (fails at start otherwise). */
  use<K extends keyof Services>(key: K): Services[K];
  /**
   * A service looked up when called, for what a module registered later provides (two
   * features that need each other) and for the socket server, which starts after the modules.
   */
  later<K extends keyof Services>(key: K): () => Services[K];
  /** Services for the routes (app.deps) and ports for the modules after this one. */
  provide(services: Partial<Services>): void;
  /** Fastify plugins holding the module's routes, registered once every module has registered. */
  routes(...plugins: FastifyPluginAsync[]): void;
  /** The kinds of realtime channel the module owns: who may subscribe, what a member shows. */
  readonly channels: ChannelKinds;
  /** What a signed-in socket shows of its user (pusher:signin); registered by one module. */
  memberInfo(present: (user: UserRow) => PresenceMemberInfo): void;
  /** Turns the module's domain events into realtime events, once the socket server runs. */
  realtime(listener: RealtimeListener): void;
  /** Where the module registers its kinds of job (the workers start after every module). */
  readonly jobs: JobKinds;
  /** Who may see the pictures linked to the module's things (GET /api/upload/{id}). */
  attachmentKind(kind: AttachmentLinkKind, check: VisibilityCheck): void;
  /**
   * Where the module adds what it makes searchable (`ctx.search.register(source)`: a scope's
   * hits filtered in SQL), with the search driver the platform picked by the database.
   */
  readonly search: SearchRegistry;
  /** Work to finish when the site stops, after the job workers and before the database. */
  onStop(stop: () => Promise<void>): void;
}

/** Declares a module, keeping its name's literal type (the hostile cases are keyed by it). */
export function featureModule<Name extends string>(
  module: FeatureModule<Name>,
): FeatureModule<Name> {
  return module;
}
