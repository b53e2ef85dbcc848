import type { ConnectionState } from './types';

/**
 * pusher-js's connection states (initialized, connecting, connected, unavailable, failed,
 * disconnected) as the four of the spec (section 4). "unavailable" means pusher-js keeps retrying,
 * so for the user the connection is simply lost for now; "failed" means this browser cannot
 * connect at all (no WebSocket), which retrying will not fix.
 */
export function connectionStateOf(pusherState: string): ConnectionState {
  switch (pusherState) {
    case 'initialized':
    case 'connecting':
      return 'connecting';
    case 'connected':
      return 'connected';
    case 'unavailable':
    case 'disconnected':
      return 'disconnected';
    case 'failed':
      return 'error';
    default:
      // A state added by a later pusher-js: claim nothing better than "not connected".
      return 'disconnected';
  }
}
