/**
 * Video rooms over the real socket (pusher-js): the room's members hear who joins and leaves
 * the call on its presence channel; a signal reaches its recipient's own channel and nobody
 * else's; a ban or leaving the room ends the call with Video.Ended for the person and
 * Video.ParticipantLeft for the room; sockets that stay away are reconnecting, then dropped.
 */
import {
  roomChannel,
  userChannel,
  type VideoEndedEvent,
  type VideoParticipantEvent,
  type VideoParticipantLeftEvent,
  type VideoSignalEvent,
} from '@chat/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { Client } from '../../test/factories';
import {
  connected,
  listen,
  pusherClient,
  sleep,
  subscribed,
  waitUntil,
} from '../../test/pusher-clients';
import { videoKit } from './test/video-kit';

let t: TestApp;
let port: number;
const sockets: Pusher[] = [];
const k = videoKit(() => t.app);

beforeAll(async () => {
  t = await buildTestApp('sqlite', { VIDEO_RECONNECT_GRACE_SECONDS: '1' });
  ({ port } = await listen(t.app));
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t.close();
});

interface Heard {
  channel: string;
  event: string;
  data: unknown;
}

/** A person's socket on their own channel and the room's, recording every Video.* event. */
async function listening(who: Client, roomId: number) {
  const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port, who.token);
  sockets.push(pusher);
  await connected(pusher);
  const heard: Heard[] = [];
  for (const name of [userChannel(who.user.id), roomChannel(roomId)]) {
    const channel = await subscribed(pusher, name);
    channel.bind_global((event: string, data: unknown) => {
      if (event.startsWith('Video.')) heard.push({ channel: name, event, data });
    });
  }
  const of = <T>(event: string, channel?: string) =>
    heard
      .filter((h) => h.event === event && (channel === undefined || h.channel === channel))
      .map((h) => h.data as T);
  return { who, pusher, heard, of };
}

describe('video rooms on the socket', () => {
  it("relays a signal to its recipient's own channel only", async () => {
    const room = await k.room();
    const people = await Promise.all([1, 2, 3, 4].map(() => k.member(room.id)));
    const [anna, boris, vera, gleb] = await Promise.all(people.map((p) => listening(p, room.id)));
    const calls = [];
    for (const p of [anna!, boris!, vera!]) calls.push(await k.joined(p.who, room.id));
    // Every member hears the joins on the room's channel, those outside the call too.
    await waitUntil(() => gleb!.of('Video.ParticipantJoined').length === 3);
    expect(
      gleb!.of<VideoParticipantEvent>('Video.ParticipantJoined').map((e) => e.participant.user.id),
    ).toEqual([anna!.who.user.id, boris!.who.user.id, vera!.who.user.id]);

    const offer = { to: boris!.who.user.id, type: 'offer', data: { sdp: 'v=0\r\n' } };
    expect((await k.signal(anna!.who, room.id, offer)).statusCode).toBe(204);
    await waitUntil(() => boris!.of('Video.Signal').length === 1);
    expect(boris!.heard.filter((h) => h.event === 'Video.Signal')).toEqual([
      {
        channel: userChannel(boris!.who.user.id),
        event: 'Video.Signal',
        data: {
          room_id: room.id,
          from: anna!.who.user.id,
          call_id: calls[1]!.call_id,
          type: 'offer',
          data: { sdp: 'v=0\r\n' },
        } satisfies VideoSignalEvent,
      },
    ]);
    await sleep(200);
    for (const other of [anna!, vera!, gleb!]) expect(other.of('Video.Signal')).toEqual([]);
  });

  it('ends the call of someone banned, and of someone leaving the room, with events', async () => {
    const room = await k.room();
    const people = await Promise.all([1, 2, 3].map(() => k.member(room.id)));
    const [anna, boris, vera] = await Promise.all(people.map((p) => listening(p, room.id)));
    const holds = new Map<number, string>();
    for (const p of [anna!, boris!, vera!])
      holds.set(p.who.user.id, (await k.joined(p.who, room.id)).call_id);
    const moderator = await k.person('moderator');

    const ban = await moderator.asBrowser({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: vera!.who.user.id, type: 'ban', period: '1h', reason: 'flood' },
    });
    expect(ban.statusCode, ban.body).toBe(201);
    const leftOf = (userId: number) =>
      anna!
        .of<VideoParticipantLeftEvent>('Video.ParticipantLeft', roomChannel(room.id))
        .filter((e) => e.user_id === userId);
    await waitUntil(() => leftOf(vera!.who.user.id).length === 1);
    expect(leftOf(vera!.who.user.id)).toEqual([
      { room_id: room.id, user_id: vera!.who.user.id, reason: 'banned' },
    ]);
    await waitUntil(() => vera!.of('Video.Ended').length === 1);
    expect(vera!.of<VideoEndedEvent>('Video.Ended', userChannel(vera!.who.user.id))).toEqual([
      { room_id: room.id, call_id: holds.get(vera!.who.user.id), reason: 'banned' },
    ]);

    const leave = await boris!.who.asBrowser({ method: 'POST', url: `/api/room/${room.id}/leave` });
    expect(leave.statusCode).toBe(204);
    await waitUntil(() => leftOf(boris!.who.user.id).length === 1);
    expect(leftOf(boris!.who.user.id)[0]!.reason).toBe('left_room');
    await waitUntil(() => boris!.of('Video.Ended').length === 1);
    expect(boris!.of<VideoEndedEvent>('Video.Ended')[0]).toEqual({
      room_id: room.id,
      call_id: holds.get(boris!.who.user.id),
      reason: 'left_room',
    });
    // Anna's own call goes on, and she was told nothing meant for others.
    expect(anna!.of('Video.Ended')).toEqual([]);
    expect((await k.rows(room.id)).map((r) => r.user_id)).toEqual([anna!.who.user.id]);
  });

  it('shows a participant whose sockets all closed as reconnecting, then drops them', async () => {
    const room = await k.room();
    const people = await Promise.all([1, 2].map(() => k.member(room.id)));
    const [anna, boris] = await Promise.all(people.map((p) => listening(p, room.id)));
    for (const p of [anna!, boris!]) await k.joined(p.who, room.id);
    const updates = () =>
      anna!
        .of<VideoParticipantEvent>('Video.ParticipantUpdated')
        .filter((e) => e.participant.user.id === boris!.who.user.id);

    boris!.pusher.disconnect();
    // The room's own grace (a reload does not count as leaving), then the call's.
    await waitUntil(() => updates().length === 1, 10_000);
    expect(updates()[0]!.participant.reconnecting).toBe(true);
    await waitUntil(() => anna!.of('Video.ParticipantLeft').length === 1, 10_000);
    expect(anna!.of('Video.ParticipantLeft')).toEqual([
      { room_id: room.id, user_id: boris!.who.user.id, reason: 'dropped' },
    ]);
    expect((await k.rows(room.id)).map((r) => r.user_id)).toEqual([anna!.who.user.id]);
  }, 30_000);
});
