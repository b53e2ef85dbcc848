/**
 * The hostile sweep's cases, filed under the module that registers each route (modules.ts):
 * the sweep reads them in the modules' order, and module-cases.test.ts checks each module's
 * entry against the routes it really registered, so a module's new route without a case, or a
 * case filed under the wrong module, fails there.
 */
import { MODULES, type ModuleName } from '../modules';
import { ADMIN_SAFE_ROUTES, ADMIN_UNSAFE_ROUTES } from './admin-world';
import { ART_SAFE_ROUTES, ART_UNSAFE_ROUTES } from './art-world';
import { AUTH_UNSAFE_ROUTES } from './auth-routes';
import { MAIL_SAFE_ROUTES, MAIL_UNSAFE_ROUTES } from './mail-world';
import { SIGN_IN_SAFE_ROUTES, SIGN_IN_UNSAFE_ROUTES } from './sign-in-world';
import { CHAT_SAFE_ROUTES, CHAT_UNSAFE_ROUTES } from './chat-routes';
import { ECONOMY_SAFE_ROUTES, ECONOMY_UNSAFE_ROUTES } from './economy-world';
import { FORUM_SAFE_ROUTES, FORUM_UNSAFE_ROUTES } from './forum-world';
import { IM_PRIVACY_UNSAFE_ROUTES, IM_SAFE_ROUTES, IM_UNSAFE_ROUTES } from './im-world';
import { MODERATION_SAFE_ROUTES, MODERATION_UNSAFE_ROUTES } from './moderation-world';
import { MY_SAFE_ROUTES, MY_UNSAFE_ROUTES, PROFILES_SAFE_ROUTES } from './profiles-world';
import { QUOTES_SAFE_ROUTES, QUOTES_UNSAFE_ROUTES } from './quotes-routes';
import { REALTIME_UNSAFE_ROUTES } from './realtime-routes';
import {
  FRIENDS_SAFE_ROUTES,
  FRIENDS_UNSAFE_ROUTES,
  NOTIFICATIONS_SAFE_ROUTES,
  NOTIFICATIONS_UNSAFE_ROUTES,
  SESSIONS_SAFE_ROUTES,
  SESSIONS_UNSAFE_ROUTES,
} from './social-world';
import { UPLOAD_UNSAFE_ROUTES } from './uploads-routes';
import { PREFERENCES_UNSAFE_ROUTES, USERS_UNSAFE_ROUTES } from './users-routes';
import { VIDEO_SAFE_ROUTES, VIDEO_UNSAFE_ROUTES } from './video-world';
import type { ModuleCases } from './world';

/** Routes the socket server registers itself (app.ts), beside the feature modules'. */
export const PLATFORM_ROUTES = 'realtime';

/** Who registers routes: the platform, or a module. */
export type RouteOwner = ModuleName | typeof PLATFORM_ROUTES;

export const MODULE_CASES: Partial<Record<RouteOwner, ModuleCases>> = {
  realtime: { unsafe: REALTIME_UNSAFE_ROUTES, safe: [] },
  // Operators' GETs (/healthz, /metrics with its own token): no unsafe route, no session.
  ops: { unsafe: [], safe: [] },
  search: {
    unsafe: [],
    safe: [
      {
        route: 'GET /api/search',
        url: () => '/api/search?q=%22NEAR(%20*%20^&in=forum',
        access: 'public',
      },
    ],
  },
  gifs: {
    unsafe: [],
    safe: [{ route: 'GET /api/gifs', url: () => '/api/gifs?q=hello&page=1', access: 'public' }],
  },
  users: { unsafe: USERS_UNSAFE_ROUTES, safe: [] },
  preferences: { unsafe: PREFERENCES_UNSAFE_ROUTES, safe: [] },
  auth: {
    unsafe: [
      ...AUTH_UNSAFE_ROUTES,
      ...SESSIONS_UNSAFE_ROUTES,
      ...MAIL_UNSAFE_ROUTES,
      ...SIGN_IN_UNSAFE_ROUTES,
    ],
    safe: [...SESSIONS_SAFE_ROUTES, ...MAIL_SAFE_ROUTES, ...SIGN_IN_SAFE_ROUTES],
  },
  pages: {
    unsafe: [],
    safe: [{ route: 'GET /api/pages/:slug', url: () => '/api/pages/privacy', access: 'public' }],
  },
  init: {
    unsafe: [],
    safe: [{ route: 'GET /api/init', url: () => '/api/init?platform=pc', access: 'public' }],
  },
  uploads: { unsafe: UPLOAD_UNSAFE_ROUTES, safe: [] },
  chat: { unsafe: CHAT_UNSAFE_ROUTES, safe: CHAT_SAFE_ROUTES },
  quotes: { unsafe: QUOTES_UNSAFE_ROUTES, safe: QUOTES_SAFE_ROUTES },
  notifications: { unsafe: NOTIFICATIONS_UNSAFE_ROUTES, safe: NOTIFICATIONS_SAFE_ROUTES },
  im: { unsafe: IM_UNSAFE_ROUTES, safe: IM_SAFE_ROUTES },
  friends: { unsafe: FRIENDS_UNSAFE_ROUTES, safe: FRIENDS_SAFE_ROUTES },
  profiles: { unsafe: [], safe: PROFILES_SAFE_ROUTES },
  // One answer for every visitor: no session, nothing to send, nobody's data.
  home: {
    unsafe: [],
    safe: [{ route: 'GET /api/home', url: () => '/api/home', access: 'public' }],
  },
  moderation: { unsafe: MODERATION_UNSAFE_ROUTES, safe: MODERATION_SAFE_ROUTES },
  video: { unsafe: VIDEO_UNSAFE_ROUTES, safe: VIDEO_SAFE_ROUTES },
  my: { unsafe: [...MY_UNSAFE_ROUTES, ...IM_PRIVACY_UNSAFE_ROUTES], safe: MY_SAFE_ROUTES },
  economy: { unsafe: ECONOMY_UNSAFE_ROUTES, safe: ECONOMY_SAFE_ROUTES },
  forum: { unsafe: FORUM_UNSAFE_ROUTES, safe: FORUM_SAFE_ROUTES },
  art: { unsafe: ART_UNSAFE_ROUTES, safe: ART_SAFE_ROUTES },
  admin: { unsafe: ADMIN_UNSAFE_ROUTES, safe: ADMIN_SAFE_ROUTES },
};

/**
 * Unsafe routes the sweep leaves out, each with its reason (module-cases.test.ts reads it):
 * the sweep's refusals are the API's (the envelope, sessions, XSRF), and these are not the API.
 */
export const NOT_SWEPT: Record<string, string> = {
  // The local test provider's own pay page (payments/test-provider.routes.ts): a form the
  // payer's browser posts, answering HTML and redirects, the provider's and not ours;
  // test-provider.test.ts covers it.
  'POST /pay/test/:token': 'the test payment provider, not the API',
};

/** Every entry, the platform's first, then the modules' in their order. */
export function caseLists(): ModuleCases[] {
  const owners: RouteOwner[] = [PLATFORM_ROUTES, ...MODULES.map((m) => m.name)];
  return owners.flatMap((name) => {
    const cases = MODULE_CASES[name];
    return cases ? [cases] : [];
  });
}
