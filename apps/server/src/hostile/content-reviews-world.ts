/**
 * Content moderation in the hostile world (moderation-world.ts): the owner's about text waiting
 * in the queue, the peer's about text refused (the peer may ask it back), and these routes' cases.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Client } from '../test/factories';
import type { ContentReviewsWorld, RouteCase, World } from './world';

export async function buildContentReviewsWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client },
  at: string,
): Promise<ContentReviewsWorld> {
  const pieces = [
    [people.owner, 'new', null],
    [people.peer, 'refused', 'Insults'],
  ] as const;
  const ids: number[] = [];
  for (const [who, status, reason] of pieces) {
    await db
      .updateTable('users')
      .set({ about: `About ${who.user.nick}`, about_status: status })
      .where('id', '=', who.user.id)
      .execute();
    const row = await db
      .insertInto('content_reviews')
      .values({
        subject_type: 'about',
        subject_id: who.user.id,
        owner_id: who.user.id,
        status,
        reason,
        moderator_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { queuedReviewId: ids[0]!, refusedReviewId: ids[1]! };
}

export const CONTENT_REVIEW_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/moderation/queue/:id',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: `/api/moderation/queue/${w.moderation.content.queuedReviewId}`,
      payload: { status: 'refused', comment: '<script>alert(1)</script> not here' },
    }),
  },
  {
    route: 'POST /api/moderation/content',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: '/api/moderation/content',
      payload: {
        subject_type: 'about',
        subject_id: w.owner.user.id,
        status: 'refused',
        comment: 'Advertising',
      },
    }),
  },
  {
    route: 'POST /api/my/reviews/:id/restore',
    access: 'registered',
    body: false,
    realPost: true,
    actor: (w) => w.peer,
    call: (w) => ({
      method: 'POST',
      url: `/api/my/reviews/${w.moderation.content.refusedReviewId}/restore`,
    }),
  },
];

export const CONTENT_REVIEW_SAFE_ROUTES: {
  route: string;
  url(w: World): string;
  access: 'public' | 'user';
}[] = [
  { route: 'GET /api/moderation/queue', url: () => '/api/moderation/queue?page=1', access: 'user' },
];
