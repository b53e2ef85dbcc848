/**
 * Video rooms in the hostile world (kit.ts): the owner and the peer are in the call of the
 * world's room, each from their one session, and the cases of the video routes.
 */
import type { Kysely } from 'kysely';
import type { DB, RoomRow } from '../db/schema';
import type { Client } from '../test/factories';
import type { RouteCase, SafeRouteCase, VideoWorld } from './world';

export async function buildVideoWorld(
  db: Kysely<DB>,
  people: { room: RoomRow; owner: Client; peer: Client },
  at: string,
): Promise<VideoWorld> {
  const { room, owner, peer } = people;
  const holds = { owner: `hostile-${room.id}-owner`, peer: `hostile-${room.id}-peer` };
  for (const [who, callId] of [
    [owner, holds.owner],
    [peer, holds.peer],
  ] as const) {
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', who.user.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('video_participants')
      .values({
        room_id: room.id,
        user_id: who.user.id,
        call_id: callId,
        session_id: session.id,
        audio: 1,
        video: 1,
        screen: 0,
        watcher: 0,
        muted_by_moderator: 0,
        away_since: null,
        joined_at: at,
        updated_at: at,
      })
      .execute();
  }
  return { ownerCallId: holds.owner };
}

const url = (w: { room: RoomRow }, path = '') => `/api/room/${w.room.id}/video${path}`;

export const VIDEO_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/room/:id/video/join',
    access: 'user',
    body: true,
    // Both fields have defaults: joining with no body joins with camera and microphone on.
    emptyBodyOk: true,
    realPost: true,
    actor: (w) => w.owner,
    // The owner is in the call already: joining again takes it over, as a second tab does.
    call: (w) => ({ method: 'POST', url: url(w, '/join'), payload: { audio: true, video: false } }),
  },
  {
    route: 'POST /api/room/:id/video/leave',
    access: 'user',
    body: true,
    emptyBodyOk: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: url(w, '/leave'),
      payload: { call_id: w.video.ownerCallId },
    }),
  },
  {
    route: 'POST /api/room/:id/video/state',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({ method: 'POST', url: url(w, '/state'), payload: { audio: false } }),
  },
  {
    route: 'POST /api/room/:id/video/signal',
    access: 'user',
    body: true,
    realPost: true,
    actor: (w) => w.owner,
    call: (w) => ({
      method: 'POST',
      url: url(w, '/signal'),
      payload: { to: w.peer.user.id, type: 'offer', data: { sdp: 'v=0' } },
    }),
  },
  {
    route: 'POST /api/room/:id/video/moderate',
    access: 'registered',
    body: true,
    realPost: true,
    actor: (w) => w.moderator,
    call: (w) => ({
      method: 'POST',
      url: url(w, '/moderate'),
      payload: { user_id: w.peer.user.id, action: 'mute' },
    }),
  },
];

export const VIDEO_SAFE_ROUTES: SafeRouteCase[] = [
  { route: 'GET /api/room/:id/video', url: (w) => url(w), access: 'user' },
  { route: 'GET /api/room/:id/video/ice', url: (w) => url(w, '/ice'), access: 'user' },
];
