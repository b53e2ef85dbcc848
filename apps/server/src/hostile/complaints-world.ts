/**
 * Complaints in the hostile world (moderation-world.ts): an open complaint of the owner's about
 * the peer's message, and the gagged person's appeal against their gag; plus the complaints
 * routes of the sweep's catalogue.
 */
import type { Kysely } from 'kysely';
import type { BanRow, ComplaintRow, DB, MessageRow, UserRow } from '../db/schema';
import type { Client } from '../test/factories';
import type { ComplaintsWorld, RouteCase, World } from './world';

async function fileOne(
  db: Kysely<DB>,
  values: Pick<
    ComplaintRow,
    'target_type' | 'target_id' | 'is_appeal' | 'reason' | 'reporter_id' | 'accused_id'
  >,
  at: string,
): Promise<ComplaintRow> {
  const row = await db
    .insertInto('complaints')
    .values({
      ...values,
      text: null,
      status: 'open',
      evidence: null,
      open_key: `${values.target_type}:${values.target_id}`,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('complaint_reporters')
    .values({
      complaint_id: row.id,
      reporter_id: values.reporter_id,
      reason: values.reason,
      text: null,
      created_at: at,
    })
    .execute();
  return row;
}

export async function buildComplaintsWorld(
  db: Kysely<DB>,
  people: { owner: Client; peer: Client },
  things: { sanctioned: UserRow; gag: BanRow },
  at: string,
): Promise<ComplaintsWorld> {
  // The peer's message of the world's room (kit.ts writes it before the moderation world).
  const peerMessage: MessageRow = await db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', people.peer.user.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const complaint = await fileOne(
    db,
    {
      target_type: 'message',
      target_id: peerMessage.id,
      is_appeal: 0,
      reason: 'insult',
      reporter_id: people.owner.user.id,
      accused_id: peerMessage.user_id,
    },
    at,
  );
  const appeal = await fileOne(
    db,
    {
      target_type: 'ban',
      target_id: things.gag.id,
      is_appeal: 1,
      reason: 'mistake',
      reporter_id: things.sanctioned.id,
      accused_id: things.sanctioned.id,
    },
    at,
  );
  return { complaint, appeal };
}

export const COMPLAINT_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/complaints',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.peer,
    call: (w) => ({
      method: 'POST',
      url: '/api/complaints',
      payload: { target_type: 'message', target_id: w.ownMessage.id, reason: 'flood', text: 'x' },
    }),
  },
  {
    route: 'POST /api/complaints/:id/take',
    access: 'user',
    body: false,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: `/api/complaints/${w.moderation.complaints.complaint.id}/take`,
    }),
  },
  {
    // The admin accepts the appeal (the moderator gave the gag): the gag is lifted.
    route: 'POST /api/complaints/:id/resolve',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.admin,
    call: (w) => ({
      method: 'POST',
      url: `/api/complaints/${w.moderation.complaints.appeal.id}/resolve`,
      payload: { status: 'accepted', comment: 'Sorry' },
    }),
  },
  {
    route: 'POST /api/complaints/:id/comments',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: `/api/complaints/${w.moderation.complaints.complaint.id}/comments`,
      payload: { text: 'It happened again' },
    }),
  },
];

export const COMPLAINT_SAFE_ROUTES: { route: string; url(w: World): string; access: 'user' }[] = [
  { route: 'GET /api/complaints', url: () => '/api/complaints?tab=mine&page=1', access: 'user' },
  {
    route: 'GET /api/complaints/:id',
    url: (w) => `/api/complaints/${w.moderation.complaints.complaint.id}`,
    access: 'user',
  },
];
