import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { RealtimeAdapter } from './adapters/adapter';
import { LocalAdapter } from './adapters/local';
import type { ChannelRegistry } from './channel-registry';
import { clientAddressOf } from './connection-caps';
import { RedisAdapter } from './adapters/redis';
import { RealtimeServer } from './realtime-server';

/** The socket server with the adapter the config asks for: Redis when REDIS_URL is set. */
export function createRealtime(
  config: Config,
  redis: Redis | null,
  log: FastifyBaseLogger,
  channels: ChannelRegistry,
): RealtimeServer {
  const missing = channels.missing();
  if (missing.length > 0) throw new Error(`no rules for channel kinds ${missing.join(', ')}`);
  let server: RealtimeServer | null = null;
  const adapter: RealtimeAdapter = redis
    ? new RedisAdapter(redis, {
        prefix: `rt:${config.secrets.pusherAppId}:`,
        deadAfterMs: config.realtimeNodeTimeoutMs,
        heartbeatMs: Math.min(5000, Math.floor(config.realtimeNodeTimeoutMs / 3)),
        onMembersReaped: (gone) =>
          gone.forEach(({ channel, userId }) => server?.memberRemoved(channel, userId)),
        onError: (error) => log.error({ err: error }, 'realtime redis adapter'),
      })
    : new LocalAdapter();
  server = new RealtimeServer({
    appId: config.secrets.pusherAppId,
    key: config.secrets.pusherKey,
    secret: config.secrets.pusherSecret,
    adapter,
    log,
    isPublicChannel: (name) => channels.isPublic(name),
    clientEvents: channels.clientEvents,
    maxConnections: config.realtimeCaps.maxConnections,
    maxConnectionsPerAddress: config.realtimeCaps.perAddress,
    maxSocketsPerAccount: config.realtimeCaps.perAccount,
    clientAddress: clientAddressOf(config.trustProxy),
    onPresenceChange: (channel, userId, present) =>
      channels.presenceChanged(channel, Number(userId), present),
  });
  return server;
}
