/**
 * Sanctions in the hostile world (moderation-world.ts): a person already gagged (their gag is
 * what the lift route lifts) and marked a troll (what the untroll route undoes), and the cases
 * of the bans, warnings, trolls and lists routes.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import { personValues } from './rows';
import type { RouteCase, SanctionsWorld, World } from './world';

let built = 0;

export async function buildSanctionsWorld(
  db: Kysely<DB>,
  people: { moderator: Client },
  at: string,
): Promise<SanctionsWorld> {
  built += 1;
  const tag = `${built}${Math.random().toString(36).slice(2, 6)}`;
  const until = new Date(Date.parse(at) + 3600_000).toISOString();
  const sanctioned = await db
    .insertInto('users')
    .values({
      ...personValues(`sanctioned-${tag}`, `sanctioned${tag}`, 'user', null, at),
      gag_until: until,
      is_troll: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const gag = await db
    .insertInto('bans')
    .values({
      user_id: sanctioned.id,
      moderator_id: people.moderator.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
      taboo: null,
      comment: null,
      message_id: null,
      evidence: null,
      created_at: at,
      expires_at: until,
      lifted_at: null,
      lifted_by: null,
      lift_reason: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { sanctioned, gag };
}

export const SANCTION_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/moderation/bans',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: {
        user_id: w.peer.user.id,
        type: 'gag',
        period: '5m',
        reason: 'flood',
        comment: 'calm down',
        message_id: w.peerMessage.id,
      },
    }),
  },
  {
    route: 'DELETE /api/moderation/bans/:id',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'DELETE',
      url: `/api/moderation/bans/${w.moderation.sanctions.gag.id}`,
    }),
  },
  {
    route: 'POST /api/moderation/warnings',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: '/api/moderation/warnings',
      payload: { user_id: w.peer.user.id, reason: 'taboo', taboo: 'drugs' },
    }),
  },
  {
    route: 'POST /api/moderation/trolls/:userId',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({ method: 'POST', url: `/api/moderation/trolls/${w.peer.user.id}` }),
  },
  {
    route: 'DELETE /api/moderation/trolls/:userId',
    access: 'user',
    body: false,
    realPost: false,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'DELETE',
      url: `/api/moderation/trolls/${w.moderation.sanctions.sanctioned.id}`,
    }),
  },
];

export const SANCTION_SAFE_ROUTES: {
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}[] = [
  {
    route: 'GET /api/moderation/bans',
    url: (w) => `/api/moderation/bans?status=active&moderator_id=${w.moderator.user.id}`,
    access: 'user',
  },
  {
    route: 'GET /api/moderation/log',
    url: (w) => `/api/moderation/log?page=1&actor_id=${w.moderator.user.id}`,
    access: 'user',
  },
  {
    route: 'GET /api/moderation/users/:id',
    url: (w) => `/api/moderation/users/${w.moderation.sanctions.sanctioned.id}`,
    access: 'user',
  },
  { route: 'GET /api/my/ban', url: () => '/api/my/ban', access: 'user' },
];
