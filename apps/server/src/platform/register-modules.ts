import type { PresenceMemberInfo } from '@chat/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { UserRow } from '../db/schema';
import type { Services } from '../deps';
import { searchDriverFor } from '../features/search/search-driver';
import { SearchRegistry } from '../features/search/search-registry';
import { Broadcaster } from '../realtime/broadcaster';
import { ChannelRegistry } from '../realtime/channel-registry';
import { createRealtime } from '../realtime/create-realtime';
import type { RealtimeServer } from '../realtime/realtime-server';
import type { FeatureModule, ModuleContext, RealtimeListener } from './feature-module';
import type { Platform } from './platform';
import { ServiceContainer } from './service-container';

/** What the modules declared while registering, for buildApp to put in place. */
export interface Registrations {
  services: ServiceContainer<Services>;
  routes: { module: string; plugins: FastifyPluginAsync[] }[];
  channels: ((registry: ChannelRegistry) => void)[];
  memberInfo: ((user: UserRow) => PresenceMemberInfo) | null;
  listeners: RealtimeListener[];
  stops: (() => Promise<void>)[];
  /** Each scope's search source (`ctx.search`), read by the search feature when asked. */
  search: SearchRegistry;
}

/** Runs each module's `register` in order, on one shared set of services. */
export function registerModules(
  platform: Platform,
  modules: readonly FeatureModule[],
): Registrations {
  const done: Registrations = {
    services: new ServiceContainer<Services>(),
    routes: [],
    channels: [],
    memberInfo: null,
    listeners: [],
    stops: [],
    search: new SearchRegistry(searchDriverFor(platform.database)),
  };
  for (const module of modules) module.register(contextFor(module.name, platform, done));
  return done;
}

function contextFor(name: string, platform: Platform, done: Registrations): ModuleContext {
  const { services } = done;
  return {
    platform,
    use: (key) => services.use(key, name),
    later: (key) => () => services.use(key, name),
    provide: (values) => services.provide(name, values),
    routes: (...plugins) => {
      done.routes.push({ module: name, plugins });
    },
    channels: {
      register: (rules) => {
        done.channels.push((registry) => registry.register(rules));
      },
    },
    memberInfo: (present) => {
      if (done.memberInfo) throw new Error(`${name} registers member info a second time`);
      done.memberInfo = present;
    },
    realtime: (listener) => {
      done.listeners.push(listener);
    },
    jobs: platform.jobs,
    attachmentKind: (kind, check) =>
      services.use('attachments', name).registerVisibility(kind, check),
    search: done.search,
    onStop: (stop) => {
      done.stops.push(stop);
    },
  };
}

export interface RealtimeParts {
  channels: ChannelRegistry;
  realtime: RealtimeServer;
  broadcaster: Broadcaster;
}

/**
 * The socket server, once every channel kind has its rules (it refuses to start without), and
 * the modules' realtime listeners on it.
 */
export async function startRealtime(
  platform: Platform,
  done: Registrations,
): Promise<RealtimeParts> {
  if (!done.memberInfo) throw new Error('no module registers what a socket shows of its user');
  const channels = new ChannelRegistry(done.memberInfo);
  for (const add of done.channels) add(channels);
  const realtime = createRealtime(platform.config, platform.redis, platform.log, channels);
  await realtime.start();
  const broadcaster = new Broadcaster(realtime);
  for (const listen of done.listeners) listen(platform.events, broadcaster);
  return { channels, realtime, broadcaster };
}

/**
 * Registers each module's routes on the app itself (a plugin such as ops' timing hook must see
 * every route), recording which routes are whose (`app.deps.moduleRoutes`): the hostile sweep
 * checks its cases against it.
 */
export async function registerModuleRoutes(
  app: FastifyInstance,
  routes: Registrations['routes'],
  owners: Map<string, string[]>,
): Promise<void> {
  let current: string[] | null = null;
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) current?.push(`${method} ${route.url}`);
  });
  for (const { module, plugins } of routes) {
    current = owners.get(module) ?? [];
    owners.set(module, current);
    // Each plugin loads before the next is registered: its routes are this module's.
    for (const plugin of plugins) await app.register(plugin);
  }
  current = null;
}
