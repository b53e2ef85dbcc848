import { DEFAULT_LOCALE, isLocale, type Locale } from './locale';

/** One page of the web app: its path under `/{locale}/` and the key of its title. */
export interface AppRoute {
  /**
   * react-router's pattern without the locale segment: literal segments, `:param` (one
   * segment) and `:param?` (an optional one); '' is the locale's home.
   */
  readonly path: string;
  /** Key in the web's `titles` texts; none: the page names itself from its data. */
  readonly title?: string;
  /** The title stands alone, without the product name after it (home). */
  readonly titleOnly?: boolean;
}

/**
 * The web app's pages, declared once: the web router builds its routes from this table, and the
 * server answers 404 for any path none of them matches, and sends the page's language and title
 * in the HTML before any script runs. A page of a new feature is one line here (and its lazy
 * component in apps/web/src/app/router.tsx); until then its address is a 404 on both ends.
 */
export const APP_ROUTES = {
  home: { path: '', title: 'home', titleOnly: true },
  agreement: { path: 'agreement', title: 'agreement' },
  staticPage: { path: 'page/:slug' },
  chat: { path: 'chat/:roomId?', title: 'chat' },
  im: { path: 'im/:channelId?', title: 'im' },
  my: { path: 'my/:tab?', title: 'my' },
  login: { path: 'login', title: 'login' },
  register: { path: 'register', title: 'register' },
  // Sign-in with other sites, e-mail and recovery (issue 24).
  socialSignup: { path: 'signup/social', title: 'socialSignup' },
  telegramAuth: { path: 'auth/telegram', title: 'login' },
  passwordForgot: { path: 'password/forgot', title: 'passwordForgot' },
  passwordReset: { path: 'password/reset', title: 'passwordReset' },
  emailConfirm: { path: 'email/confirm', title: 'emailConfirm' },
  profile: { path: 'profile/:slug', title: 'profile' },
  // No tab: the page opens its first one (People → Online).
  profiles: { path: 'profiles/:tab?', title: 'profiles' },
  complaints: { path: 'complaints', title: 'complaints' },
  complaint: { path: 'complaints/:complaintId', title: 'complaint' },
  moderation: { path: 'moderation/:tab?', title: 'moderation' },
  balance: { path: 'balance/:tab?', title: 'balance' },
  premium: { path: 'premium', title: 'premium' },
  banned: { path: 'banned', title: 'banned' },
  // No slug: the categories; with one, its threads. `create` and `thread` are no category's slug.
  forum: { path: 'forum/:categorySlug?', title: 'forum' },
  forumCreate: { path: 'forum/create/:categorySlug', title: 'forumCreate' },
  forumThread: { path: 'forum/thread/:threadSlug', title: 'forumThread' },
  search: { path: 'search', title: 'search' },
  // No slug: every group and the newest posts. `create` and `post` are no group's slug.
  art: { path: 'art/:groupSlug?', title: 'art' },
  artCreate: { path: 'art/create/:groupSlug', title: 'artCreate' },
  artPost: { path: 'art/post/:postSlug', title: 'artPost' },
  quotes: { path: 'quote/:tab?', title: 'quotes' },
  // No section: the dashboard. A section's own pages below it (`gifts/statistics`).
  admin: { path: 'admin/:section?/:sub?', title: 'admin' },
} as const satisfies Record<string, AppRoute>;

export type AppRouteName = keyof typeof APP_ROUTES;

/** The title key of the page shown for an address no route matches. */
export const NOT_FOUND_TITLE = 'notFound';

/** What an address of the web app is, as both the server and the web router decide it. */
export type AppAddress =
  | { kind: 'page'; locale: Locale; route: AppRouteName }
  | { kind: 'notFound'; locale: Locale }
  /** Spec section 2: a first segment other than ru or en is replaced by en. */
  | { kind: 'redirect'; to: string };

/**
 * The locale of a path (spec section 2): no first segment is Russian, ru and en are themselves,
 * and any other first segment is replaced by en (`/xx/` → `/en/`, `/de/chat` → `/en/chat`).
 */
export function resolvePathLocale(
  pathname: string,
): { locale: Locale; redirect: null } | { locale: 'en'; redirect: string } {
  const [, first = '', ...rest] = pathname.split('/');
  if (first === '') return { locale: DEFAULT_LOCALE, redirect: null };
  if (isLocale(first)) return { locale: first, redirect: null };
  return { locale: 'en', redirect: `/en/${rest.join('/')}` };
}

/** Whether the segments (after the locale) match a pattern, as react-router matches them. */
function matches(parts: readonly string[], segments: readonly string[]): boolean {
  const [part, ...restParts] = parts;
  if (part === undefined) return segments.length === 0;
  const [segment, ...restSegments] = segments;
  if (part.startsWith(':')) {
    const taken = segment !== undefined && segment !== '' && matches(restParts, restSegments);
    return taken || (part.endsWith('?') && matches(restParts, segments));
  }
  return segment?.toLowerCase() === part.toLowerCase() && matches(restParts, restSegments);
}

/**
 * Which page a path (without its query) shows. `/` is the Russian home; react-router ignores
 * trailing slashes and the case of literal segments, and so does this.
 */
export function resolveAppAddress(pathname: string): AppAddress {
  const resolved = resolvePathLocale(pathname);
  if (resolved.redirect !== null) return { kind: 'redirect', to: resolved.redirect };
  const { locale } = resolved;
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return { kind: 'page', locale, route: 'home' };
  // react-router's `:locale` is never empty: `//en/chat` is no page.
  if (pathname.startsWith('//')) return { kind: 'notFound', locale };
  // '/en/chat' → ['chat']; an empty segment inside (`/en//chat`) matches no route.
  const segments = trimmed.split('/').slice(2);
  // Worked out per call, not at import: the web app bundles the table, never this matcher.
  const found = (Object.keys(APP_ROUTES) as AppRouteName[]).find((name) => {
    const { path } = APP_ROUTES[name];
    return matches(path === '' ? [] : path.split('/'), segments);
  });
  return found ? { kind: 'page', locale, route: found } : { kind: 'notFound', locale };
}
