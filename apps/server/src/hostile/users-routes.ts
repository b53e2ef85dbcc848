/**
 * The users module's routes in the hostile sweep (status, the ignore list), and the
 * preferences module's (chat settings).
 */
import type { RouteCase } from './world';

export const PREFERENCES_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'PATCH /api/user/settings',
    access: 'user',
    body: true,
    emptyBodyOk: true,
    realPost: false,
    actor: (w) => w.owner,
    call: () => ({ method: 'PATCH', url: '/api/user/settings', payload: { mute: true } }),
  },
];

export const USERS_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/user/status',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/user/status', payload: { status: 'busy' } }),
  },
  {
    route: 'POST /api/ignore/:userId',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/ignore/${w.peer.user.id}` }),
  },
  {
    route: 'DELETE /api/ignore/:userId',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/ignore/${w.moderator.user.id}` }),
  },
];
