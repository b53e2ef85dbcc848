import {
  REALTIME_ACTIVITY_TIMEOUT_MS,
  REALTIME_PONG_TIMEOUT_MS,
  REALTIME_UNAVAILABLE_TIMEOUT_MS,
  type InitData,
} from '@chat/shared';
import Pusher, { type ChannelAuthorizationHandler } from 'pusher-js';
import type { PusherLike } from './pusher-like';

export type BroadcastingConfig = InitData['broadcasting'];

/** The site's one pusher-js connection, configured from init (spec sections 7 and 9). */
export function createPusher(
  config: BroadcastingConfig,
  authorize: ChannelAuthorizationHandler,
): PusherLike {
  return new Pusher(config.key, {
    // Required by pusher-js, unused: wsHost points at our own server.
    cluster: 'local',
    wsHost: config.ws_host,
    wsPort: config.ws_port,
    wssPort: config.ws_port,
    forceTLS: config.force_tls,
    // WebSocket only: our server speaks no HTTP fallback transports (sockjs, xhr streaming).
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: REALTIME_ACTIVITY_TIMEOUT_MS,
    pongTimeout: REALTIME_PONG_TIMEOUT_MS,
    unavailableTimeout: REALTIME_UNAVAILABLE_TIMEOUT_MS,
    channelAuthorization: { customHandler: authorize },
  });
}
