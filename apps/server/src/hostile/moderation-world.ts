/**
 * Moderation in the hostile world (kit.ts): what the moderation routes act on, and their cases
 * in the sweep's catalogue. Each moderation feature (bans and warnings, complaints, content
 * reviews, roles) adds its routes' cases to the lists below.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import {
  buildContentReviewsWorld,
  CONTENT_REVIEW_SAFE_ROUTES,
  CONTENT_REVIEW_UNSAFE_ROUTES,
} from './content-reviews-world';
import {
  buildComplaintsWorld,
  COMPLAINT_SAFE_ROUTES,
  COMPLAINT_UNSAFE_ROUTES,
} from './complaints-world';
import type { ModerationWorld, RouteCase, World } from './world';
import {
  buildSanctionsWorld,
  SANCTION_SAFE_ROUTES,
  SANCTION_UNSAFE_ROUTES,
} from './sanctions-world';

export async function buildModerationWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client; moderator: Client; admin: Client },
  at: string,
): Promise<ModerationWorld> {
  const sanctions = await buildSanctionsWorld(db, people, at);
  return {
    ready: true,
    sanctions,
    content: await buildContentReviewsWorld(db, people, at),
    complaints: await buildComplaintsWorld(db, people, sanctions, at),
  };
}

/** The admin's role switch (roles.routes.ts): the admin makes the peer a moderator. */
const ROLE_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/admin/users/:id/role',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'POST',
      url: `/api/admin/users/${w.peer.user.id}/role`,
      payload: { role: 'moderator' },
    }),
  },
];

export const MODERATION_UNSAFE_ROUTES: RouteCase[] = [
  ...ROLE_UNSAFE_ROUTES,
  ...SANCTION_UNSAFE_ROUTES,
  ...CONTENT_REVIEW_UNSAFE_ROUTES,
  ...COMPLAINT_UNSAFE_ROUTES,
];

export const MODERATION_SAFE_ROUTES: {
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}[] = [...SANCTION_SAFE_ROUTES, ...CONTENT_REVIEW_SAFE_ROUTES, ...COMPLAINT_SAFE_ROUTES];
