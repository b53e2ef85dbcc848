/**
 * Friends, notifications and devices in the hostile world (kit.ts): a notification of the
 * owner's, a spare session of the outsider's (a device to sign out), and these features'
 * routes in the sweep's catalogue.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';
import type { Client } from '../test/factories';
import type { RouteCase, SafeRouteCase, SocialWorld } from './world';

export async function buildSocialWorld(
  db: Kysely<DB>,
  people: { owner: Client; outsider: Client },
  at: string,
): Promise<SocialWorld> {
  const notification = await db
    .insertInto('notifications')
    .values({
      user_id: people.owner.user.id,
      kind: 'new',
      data: '{"type":"test"}',
      read_at: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const spare = await db
    .insertInto('sessions')
    .values({
      user_id: people.outsider.user.id,
      token_hash: hashToken(newToken()),
      user_agent: 'spare',
      ip: '127.0.0.1',
      created_at: at,
      last_active_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ownerNotificationId: notification.id, outsiderSpareSessionId: spare.id };
}

export const FRIENDS_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/friends/:id',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: `/api/friends/${w.outsider.user.id}` }),
  },
  {
    route: 'DELETE /api/friends/:id',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'DELETE', url: `/api/friends/${w.peer.user.id}` }),
  },
];

export const NOTIFICATIONS_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/notifications/read_all',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/notifications/read_all' }),
  },
  {
    route: 'POST /api/notifications/:id/read',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/notifications/${w.social.ownerNotificationId}/read`,
    }),
  },
];

/** The devices page's routes (the auth module's). */
export const SESSIONS_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'DELETE /api/my/sessions/:id',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.outsider,
    call: (w) => ({
      method: 'DELETE',
      url: `/api/my/sessions/${w.social.outsiderSpareSessionId}`,
    }),
  },
  {
    route: 'DELETE /api/my/sessions',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.outsider,
    call: () => ({ method: 'DELETE', url: '/api/my/sessions' }),
  },
];

export const FRIENDS_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/friends', url: () => '/api/friends', access: 'user' },
];

export const NOTIFICATIONS_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/notifications', url: () => '/api/notifications?page=1', access: 'user' },
];

export const SESSIONS_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/my/sessions', url: () => '/api/my/sessions', access: 'user' },
];
