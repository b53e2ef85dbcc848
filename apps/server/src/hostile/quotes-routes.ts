/** The quotes module's routes in the hostile sweep. */
import type { RouteCase, SafeRouteCase } from './world';

export const QUOTES_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/quote/:id',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/quote/${w.peerMessage.id}` }),
  },
  {
    route: 'DELETE /api/quote/:id',
    access: 'registered',
    body: false,
    realPost: false,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/quote/${w.ownMessage.id}` }),
  },
];

export const QUOTES_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/quotes', url: () => '/api/quotes?tab=best&page=1', access: 'user' },
  { route: 'GET /api/quote/:id', url: (w) => `/api/quote/${w.ownMessage.id}`, access: 'user' },
];
