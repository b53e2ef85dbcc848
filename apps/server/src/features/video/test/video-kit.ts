import type { VideoJoinAnswer, VideoParticipant, VideoRoom } from '@chat/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildRoom, memberOf } from '../../../test/chat-fixtures';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';

/** What the video tests share: people, rooms and the calls of the video routes. */
export function videoKit(app: () => FastifyInstance) {
  const url = (roomId: number, path = '') => `/api/room/${roomId}/video${path}`;
  const post = (who: Client, roomId: number, path: string, payload?: object) =>
    who.asBrowser({ method: 'POST', url: url(roomId, path), ...(payload ? { payload } : {}) });
  const ok = <T>(res: LightMyRequestResponse, status = 200): T => {
    if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
    return json<{ data: T }>(res).data;
  };
  const kit = {
    room: (isPublic = true) => buildRoom(app(), { is_public: isPublic ? 1 : 0 }),
    person: async (role = 'user') => signedIn(app(), await buildUser(app(), { role })),
    member: (roomId: number, role = 'user') => memberOf(app(), roomId, { role }),
    /** A second device of the same person: a session of its own. */
    otherTab: (who: Client) => signedIn(app(), who.user),
    get: (who: Client, roomId: number) => who.asBrowser({ method: 'GET', url: url(roomId) }),
    call: async (who: Client, roomId: number) => ok<VideoRoom>(await kit.get(who, roomId)),
    join: (who: Client, roomId: number, body: object = {}) => post(who, roomId, '/join', body),
    joined: async (who: Client, roomId: number, body: object = {}) =>
      ok<VideoJoinAnswer>(await kit.join(who, roomId, body)),
    leave: (who: Client, roomId: number, body: object = {}) => post(who, roomId, '/leave', body),
    state: (who: Client, roomId: number, body: object) => post(who, roomId, '/state', body),
    ice: (who: Client, roomId: number) =>
      who.asBrowser({ method: 'GET', url: url(roomId, '/ice') }),
    signal: (who: Client, roomId: number, body: object) => post(who, roomId, '/signal', body),
    moderate: (who: Client, roomId: number, userId: number, action: string) =>
      post(who, roomId, '/moderate', { user_id: userId, action }),
    /** The room's participants as stored, by user id. */
    rows: (roomId: number) =>
      app()
        .deps.database.db.selectFrom('video_participants')
        .selectAll()
        .where('room_id', '=', roomId)
        .orderBy('user_id')
        .execute(),
    /** Site settings through the admin area, as an admin saves them. */
    settings: async (admin: Client, settings: Record<string, unknown>) => {
      const read = await admin.asBrowser({ method: 'GET', url: '/api/admin/settings' });
      const { updated_at } = ok<{ updated_at: string }>(read);
      ok(
        await admin.asBrowser({
          method: 'PUT',
          url: '/api/admin/settings',
          payload: { settings, updated_at },
        }),
      );
    },
    ok,
  };
  return kit;
}

export type VideoKit = ReturnType<typeof videoKit>;

/** The participant of `userId` in a call answer. */
export const participantOf = (call: { participants: VideoParticipant[] }, userId: number) =>
  call.participants.find((p) => p.user.id === userId);
