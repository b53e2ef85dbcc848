import { APP_ROUTES, NOT_FOUND_TITLE, type AppRouteName } from '@chat/shared';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { whenRealtimeStarted } from '../features/session/init';
import { loadNamespaces, withNamespaces } from '../i18n/i18n';
import { HomePage } from '../pages/home/home-page';
import type { Namespace } from '../i18n/namespaces';
import { withQueryClient } from './query-client-loader';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { Splash } from './splash';

const handle = (h: RouteHandle) => h;

/**
 * A page of the shared route table (@chat/shared routes.ts): its path and title come from there,
 * and the server answers 404 for an address none matches and sends each page's title.
 */
const route = (name: AppRouteName, more: Omit<RouteHandle, 'title' | 'titleOnly'> = {}) => {
  const { path, ...title } = APP_ROUTES[name];
  return { path, handle: handle({ ...title, ...more }) };
};

/** A page whose stores the realtime app hydrates and feeds mounts once it has started. */
const afterRealtime = <T,>(page: Promise<T>): Promise<T> =>
  Promise.all([page, whenRealtimeStarted()]).then(([module]) => module);

/**
 * A page mounts once the texts it renders with (beyond the shell's own) and the query client are
 * there too. Home alone neither queries nor waits for the client: its first paint stays light.
 */
const page = <T,>(module: Promise<T>, namespaces: readonly Namespace[]): Promise<T> =>
  withQueryClient(withNamespaces(module, namespaces));

const CHAT_NAMESPACES: Namespace[] = [
  'chat',
  'realtime',
  'auth',
  'complaints',
  'im',
  'premium',
  'presents',
  'profiles',
  'sanctions',
  'uploads',
  'validation',
  'video',
];

// The forum's pages: its texts, and the chat's smileys, reactions and pictures they reuse.
const FORUM_NAMESPACES: Namespace[] = [
  'forum',
  'chat',
  'auth',
  'complaints',
  'sanctions',
  'uploads',
  'validation',
];
// One import for the three pages: the entry lists the chunk's dependencies once.
const forumPages = () => page(import('../pages/forum/forum-pages'), FORUM_NAMESPACES);

// The art pages: their texts, and the forum's editor, the chat's smileys and pictures, gifts.
const ART_NAMESPACES: Namespace[] = [...FORUM_NAMESPACES, 'art', 'presents', 'balance', 'premium'];
const artPages = () => page(import('../pages/art/art-pages'), ART_NAMESPACES);

// A route is registered only once its feature exists (spec section 2's table grows with them).
const homeRoute = (): RouteObject => ({
  index: true,
  handle: route('home').handle,
  // Part of the entry, not a chunk of its own: every visit to `/` needs it at once, and its
  // Bootstrap parts would otherwise be split into many small shared chunks.
  lazy: () => loadNamespaces(['home', 'auth', 'validation']).then(() => ({ Component: HomePage })),
});

const localeChildren: RouteObject[] = [
  homeRoute(),
  {
    ...route('agreement', { bypassAgreementGate: true }),
    lazy: () =>
      page(import('../pages/agreement/agreement-page'), ['pages']).then((m) => ({
        Component: m.AgreementPage,
      })),
  },
  {
    ...route('staticPage', { bypassAgreementGate: true }),
    lazy: () =>
      page(import('../pages/static-page/static-page'), ['pages']).then((m) => ({
        Component: m.StaticPage,
      })),
  },
  {
    ...route('chat', { fullHeight: true }),
    lazy: () =>
      afterRealtime(page(import('../pages/chat/chat-page'), CHAT_NAMESPACES)).then((m) => ({
        Component: m.ChatPage,
      })),
  },
  {
    ...route('im', { fullHeight: true }),
    lazy: () =>
      afterRealtime(
        page(import('../pages/im/im-page'), [
          'im',
          'chat',
          'auth',
          'complaints',
          'profiles',
          'sanctions',
          'uploads',
        ]),
      ).then((m) => ({ Component: m.ImPage })),
  },
  {
    ...route('my'),
    lazy: () =>
      page(import('../pages/my/my-page'), [
        'my',
        'auth',
        'sign-in',
        'chat',
        'notifications',
        'premium',
        'profiles',
        'uploads',
        'validation',
      ]).then((m) => ({ Component: m.MyPage })),
  },
  {
    ...route('login'),
    lazy: () =>
      page(import('../pages/login/login-page'), ['auth', 'sign-in', 'validation']).then((m) => ({
        Component: m.LoginPage,
      })),
  },
  {
    ...route('register'),
    lazy: () =>
      page(import('../pages/register/register-page'), ['auth', 'sign-in', 'validation']).then(
        (m) => ({
          Component: m.RegisterPage,
        }),
      ),
  },
  // Sign-in with other sites, e-mail links and a forgotten password (issue 24).
  {
    ...route('socialSignup'),
    lazy: () =>
      page(import('../pages/social-signup/social-signup-page'), [
        'auth',
        'sign-in',
        'validation',
      ]).then((m) => ({ Component: m.SocialSignupPage })),
  },
  {
    ...route('telegramAuth'),
    lazy: () =>
      page(import('../pages/telegram-auth/telegram-auth-page'), ['auth', 'sign-in']).then((m) => ({
        Component: m.TelegramAuthPage,
      })),
  },
  {
    ...route('passwordForgot'),
    lazy: () =>
      page(import('../pages/password-forgot/password-forgot-page'), ['sign-in', 'validation']).then(
        (m) => ({ Component: m.PasswordForgotPage }),
      ),
  },
  {
    ...route('passwordReset'),
    lazy: () =>
      page(import('../pages/password-reset/password-reset-page'), ['sign-in', 'validation']).then(
        (m) => ({ Component: m.PasswordResetPage }),
      ),
  },
  {
    ...route('emailConfirm'),
    lazy: () =>
      page(import('../pages/email-confirm/email-confirm-page'), ['sign-in']).then((m) => ({
        Component: m.EmailConfirmPage,
      })),
  },
  {
    ...route('profile'),
    lazy: () =>
      page(import('../pages/profile/profile-page'), [
        'profiles',
        'balance',
        'complaints',
        'premium',
        'presents',
        'sanctions',
        'uploads',
      ]).then((m) => ({ Component: m.ProfilePage })),
  },
  {
    ...route('profiles'),
    lazy: () =>
      page(import('../pages/profiles/profiles-page'), ['profiles', 'pages']).then((m) => ({
        Component: m.ProfilesPage,
      })),
  },
  {
    ...route('complaints'),
    lazy: () =>
      page(import('../pages/complaints/complaints-page'), ['complaints']).then((m) => ({
        Component: m.ComplaintsPage,
      })),
  },
  {
    ...route('complaint'),
    lazy: () =>
      page(import('../pages/complaints/complaint-page'), [
        'complaints',
        'moderation',
        'pages',
        'uploads',
      ]).then((m) => ({ Component: m.ComplaintPage })),
  },
  {
    ...route('moderation'),
    lazy: () =>
      page(import('../pages/moderation/moderation-page'), ['moderation', 'complaints']).then(
        (m) => ({ Component: m.ModerationPage }),
      ),
  },
  {
    ...route('admin'),
    lazy: () =>
      // Its texts come with its chunk (i18n/admin-texts.ts).
      page(import('../pages/admin/admin-page'), []).then((m) => ({
        Component: m.AdminPage,
      })),
  },
  {
    ...route('balance'),
    lazy: () =>
      page(import('../pages/balance/balance-page'), ['balance', 'complaints']).then((m) => ({
        Component: m.BalancePage,
      })),
  },
  {
    ...route('premium'),
    lazy: () =>
      page(import('../pages/premium/premium-page'), ['premium']).then((m) => ({
        Component: m.PremiumPage,
      })),
  },
  {
    // Reachable after declining the agreement too: a banned person is told why in any case.
    ...route('banned', { bypassAgreementGate: true }),
    lazy: () =>
      page(import('../pages/banned/banned-page'), ['sanctions']).then((m) => ({
        Component: m.BannedPage,
      })),
  },
  {
    ...route('forum'),
    lazy: () => forumPages().then((m) => ({ Component: m.ForumPage })),
  },
  {
    ...route('forumCreate'),
    lazy: () => forumPages().then((m) => ({ Component: m.ForumCreatePage })),
  },
  {
    ...route('forumThread'),
    lazy: () => forumPages().then((m) => ({ Component: m.ForumThreadPage })),
  },
  {
    ...route('art'),
    lazy: () => artPages().then((m) => ({ Component: m.ArtPage })),
  },
  {
    ...route('artCreate'),
    lazy: () => artPages().then((m) => ({ Component: m.ArtCreatePage })),
  },
  {
    ...route('artPost'),
    lazy: () => artPages().then((m) => ({ Component: m.ArtPostPage })),
  },
  {
    ...route('quotes'),
    lazy: () =>
      page(import('../pages/quotes/quotes-page'), ['quotes', 'chat', 'complaints', 'uploads']).then(
        (m) => ({ Component: m.QuotesPage }),
      ),
  },
  {
    ...route('search'),
    lazy: () =>
      page(import('../pages/search/search-page'), ['search']).then((m) => ({
        Component: m.SearchPage,
      })),
  },
  {
    path: '*',
    handle: handle({ title: NOT_FOUND_TITLE }),
    lazy: () =>
      page(import('../pages/not-found/not-found-page'), ['pages']).then((m) => ({
        Component: m.NotFoundPage,
      })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: Splash,
    ErrorBoundary: RouteError,
    children: [
      // "/" is the Russian home; every other route starts with its locale.
      homeRoute(),
      // A page that fails (its code gone after a deployment) shows inside the layout.
      { path: ':locale', ErrorBoundary: RouteError, children: localeChildren },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
