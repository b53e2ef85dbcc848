/** The socket server's channel auth routes in the hostile sweep (registered by app.ts). */
import type { RouteCase } from './world';

export const REALTIME_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/broadcasting/auth',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: w.socketId, channel_name: `presence-room.${w.room.id}` },
    }),
  },
  {
    route: 'POST /broadcasting/auth',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: w.socketId, channel_name: `private-user.${w.owner.user.id}` },
    }),
  },
  {
    route: 'POST /broadcasting/user-auth',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: '/broadcasting/user-auth',
      payload: { socket_id: w.socketId },
    }),
  },
];
