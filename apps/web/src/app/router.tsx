import { createBrowserRouter, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './root-layout';
import { Splash } from './splash';

const handle = (h: RouteHandle) => h;

// A route is registered only once its feature exists (spec section 2's table grows with them).
const homeRoute = (): RouteObject => ({
  index: true,
  handle: handle({ title: 'home', titleOnly: true }),
  lazy: () => import('../pages/home/home-page').then((m) => ({ Component: m.HomePage })),
});

const localeChildren: RouteObject[] = [
  homeRoute(),
  {
    path: 'agreement',
    handle: handle({ title: 'agreement', bypassAgreementGate: true }),
    lazy: () =>
      import('../pages/agreement/agreement-page').then((m) => ({ Component: m.AgreementPage })),
  },
  {
    path: 'page/:slug',
    handle: handle({ bypassAgreementGate: true }),
    lazy: () =>
      import('../pages/static-page/static-page').then((m) => ({ Component: m.StaticPage })),
  },
  {
    path: 'chat',
    handle: handle({ title: 'chat', fullHeight: true }),
    lazy: () => import('../pages/chat/chat-page').then((m) => ({ Component: m.ChatPage })),
  },
  {
    path: 'im/:channelId?',
    handle: handle({ title: 'im', fullHeight: true }),
    lazy: () => import('../pages/im/im-page').then((m) => ({ Component: m.ImPage })),
  },
  {
    path: 'my/:tab?',
    handle: handle({ title: 'my' }),
    lazy: () => import('../pages/my/my-page').then((m) => ({ Component: m.MyPage })),
  },
  {
    path: 'login',
    handle: handle({ title: 'login' }),
    lazy: () => import('../pages/login/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'register',
    handle: handle({ title: 'register' }),
    lazy: () =>
      import('../pages/register/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'profile/:slug',
    handle: handle({ title: 'profile' }),
    lazy: () => import('../pages/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'profiles/:tab',
    handle: handle({ title: 'profiles' }),
    lazy: () =>
      import('../pages/profiles/profiles-page').then((m) => ({ Component: m.ProfilesPage })),
  },
  {
    path: 'complaints',
    handle: handle({ title: 'complaints' }),
    lazy: () =>
      import('../pages/complaints/complaints-page').then((m) => ({ Component: m.ComplaintsPage })),
  },
  {
    path: 'complaints/:complaintId',
    handle: handle({ title: 'complaint' }),
    lazy: () =>
      import('../pages/complaints/complaint-page').then((m) => ({ Component: m.ComplaintPage })),
  },
  {
    path: 'moderation/:tab?',
    handle: handle({ title: 'moderation' }),
    lazy: () =>
      import('../pages/moderation/moderation-page').then((m) => ({ Component: m.ModerationPage })),
  },
  {
    path: 'balance/:tab?',
    handle: handle({ title: 'balance' }),
    lazy: () => import('../pages/balance/balance-page').then((m) => ({ Component: m.BalancePage })),
  },
  {
    path: 'premium',
    handle: handle({ title: 'premium' }),
    lazy: () => import('../pages/premium/premium-page').then((m) => ({ Component: m.PremiumPage })),
  },
  {
    // Reachable after declining the agreement too: a banned person is told why in any case.
    path: 'banned',
    handle: handle({ title: 'banned', bypassAgreementGate: true }),
    lazy: () => import('../pages/banned/banned-page').then((m) => ({ Component: m.BannedPage })),
  },
  {
    path: '*',
    handle: handle({ title: 'notFound' }),
    lazy: () =>
      import('../pages/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: Splash,
    children: [
      // "/" is the Russian home; every other route starts with its locale.
      homeRoute(),
      { path: ':locale', children: localeChildren },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
