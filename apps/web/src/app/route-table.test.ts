import { APP_ROUTES, NOT_FOUND_TITLE, resolveAppAddress } from '@chat/shared';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en/titles.json';
import ru from '../i18n/ru/titles.json';
import { routes } from './router';

/** The router's verdict on a path: the route table's page it shows, or the 404 page. */
function routerShows(path: string): string {
  const matched = matchRoutes(routes, path) ?? [];
  const leaf = matched[matched.length - 1]?.route;
  if (!leaf || leaf.path === '*') return 'notFound';
  if (leaf.index) return 'home';
  const name = Object.entries(APP_ROUTES).find(([, r]) => r.path === leaf.path)?.[0];
  return name ?? `unknown route ${leaf.path}`;
}

// The server answers 404 by the shared table (@chat/shared routes.ts); the router must agree.
describe('the route table', () => {
  it.each([
    '/',
    '/ru',
    '/en/',
    '/en/chat',
    '/en/chat/12',
    '/ru/CHAT/',
    '/ru/my/photos',
    '/en/profile/bob',
    '/en/profile',
    '/en/complaints/7',
    '/en/page/privacy',
    '/en/no-such-page',
    '/ru/chat/12/more',
    '/en//chat',
    '/ru/forum',
    '/en/moderation',
    '/en/balance/history',
    '/en/signup/social',
    '/ru/auth/telegram',
    '/en/password/forgot',
    '/ru/password/reset',
    '/en/email/confirm',
    '/en/password',
    '/en/auth',
  ])('the server and the router agree on %s', (path) => {
    const address = resolveAppAddress(path);
    const server = address.kind === 'page' ? address.route : address.kind;
    expect(routerShows(path)).toBe(server);
  });

  it('has a title in both languages for every page that names one', () => {
    const keys = [
      NOT_FOUND_TITLE,
      ...Object.values(APP_ROUTES).flatMap((r) => ('title' in r ? [r.title] : [])),
    ];
    for (const titles of [en, ru] as Record<string, string>[])
      expect(keys.filter((key) => !titles[key])).toEqual([]);
  });
});
