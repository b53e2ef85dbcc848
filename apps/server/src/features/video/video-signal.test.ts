import { VIDEO_SDP_MAX } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { BROADCAST_LIMITS } from '../../http/broadcast-limits';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { videoKit } from './test/video-kit';

const dialects = await testDialects();
const SDP = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

/**
 * Signalling (API.md "Video rooms"): a participant's offer, answer or candidate reaches another
 * participant of the same call, named by that one's hold, and nothing else gets through: not
 * to oneself, to someone outside the call or in another call, not from outside, not malformed
 * or oversized, not faster than the limit.
 */
describe.each(dialects)('video signals on %s', (dialect) => {
  let t: TestApp;
  const k = videoKit(() => t.app);
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A room with two participants, a member outside the call and a call in another room. */
  async function scene() {
    const room = await k.room();
    const [anna, boris, vera] = await Promise.all([1, 2, 3].map(() => k.member(room.id)));
    const annaCall = await k.joined(anna!, room.id);
    const borisCall = await k.joined(boris!, room.id);
    const other = await k.room();
    const gleb = await k.member(other.id);
    await k.joined(gleb, other.id);
    return { room, anna: anna!, boris: boris!, vera: vera!, gleb, annaCall, borisCall };
  }

  it("relays offers, answers and candidates to the recipient's hold, as read", async () => {
    const { room, anna, boris, annaCall, borisCall } = await scene();
    const heard = recordEvents(t.app, 'video.signal');
    const sends = [
      { to: boris.user.id, type: 'offer', data: { sdp: SDP, extra: 'dropped' } },
      {
        to: boris.user.id,
        type: 'candidate',
        data: { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ host', sdpMid: '0' },
      },
      { to: boris.user.id, type: 'candidate', data: null },
    ];
    for (const body of sends) expect((await k.signal(anna, room.id, body)).statusCode).toBe(204);
    expect(
      (await k.signal(boris, room.id, { to: anna.user.id, type: 'answer', data: { sdp: SDP } }))
        .statusCode,
    ).toBe(204);

    expect(heard).toEqual([
      {
        userId: boris.user.id,
        signal: {
          room_id: room.id,
          from: anna.user.id,
          call_id: borisCall.call_id,
          type: 'offer',
          data: { sdp: SDP },
        },
      },
      {
        userId: boris.user.id,
        signal: expect.objectContaining({
          type: 'candidate',
          data: { candidate: sends[1]!.data!.candidate, sdpMid: '0' },
        }) as unknown,
      },
      {
        userId: boris.user.id,
        signal: expect.objectContaining({ type: 'candidate', data: null }) as unknown,
      },
      {
        userId: anna.user.id,
        signal: {
          room_id: room.id,
          from: boris.user.id,
          call_id: annaCall.call_id,
          type: 'answer',
          data: { sdp: SDP },
        },
      },
    ]);
  });

  it('relays nothing to oneself, outside the call, into another call, or from outside', async () => {
    const { room, anna, boris, vera, gleb } = await scene();
    const heard = recordEvents(t.app, 'video.signal');
    const offer = (to: number) => ({ to, type: 'offer', data: { sdp: SDP } });

    expectInvalid(await k.signal(anna, room.id, offer(anna.user.id)), ['to']);
    expectError(
      await k.signal(anna, room.id, offer(vera.user.id)),
      409,
      'video.recipient_not_in_call',
    );
    expectError(
      await k.signal(anna, room.id, offer(gleb.user.id)),
      409,
      'video.recipient_not_in_call',
    );
    expectError(await k.signal(anna, room.id, offer(999_999)), 409, 'video.recipient_not_in_call');
    // From outside the call, or naming another room than one's own call's.
    expectError(await k.signal(vera, room.id, offer(anna.user.id)), 403, 'video.not_in_call');
    expectError(await k.signal(gleb, room.id, offer(anna.user.id)), 403, 'video.not_in_call');
    await k.leave(boris, room.id);
    expectError(
      await k.signal(anna, room.id, offer(boris.user.id)),
      409,
      'video.recipient_not_in_call',
    );
    expect(heard).toEqual([]);
  });

  it('refuses oversized and malformed signals in the envelope, relaying none', async () => {
    const { room, anna, boris } = await scene();
    const heard = recordEvents(t.app, 'video.signal');
    const to = boris.user.id;
    const bad: [string, object][] = [
      ['an SDP past 64 KB', { to, type: 'offer', data: { sdp: 'a'.repeat(VIDEO_SDP_MAX + 1) } }],
      ['an empty SDP', { to, type: 'answer', data: { sdp: '' } }],
      ['an object for the SDP', { to, type: 'offer', data: { sdp: { toString: 'x' } } }],
      ['a list for the data', { to, type: 'offer', data: [SDP] }],
      ['no data', { to, type: 'offer' }],
      ['an unknown type', { to, type: 'bye', data: null }],
      ['a string for the recipient', { to: 'boris', type: 'offer', data: { sdp: SDP } }],
      [
        'a candidate past its limit',
        { to, type: 'candidate', data: { candidate: 'c'.repeat(2000) } },
      ],
      ['a number for the candidate', { to, type: 'candidate', data: { candidate: 5 } }],
    ];
    for (const [label, body] of bad) {
      const res = await k.signal(anna, room.id, body);
      expect(res.statusCode, label).toBe(422);
      expectError(res, 422, 'validation');
    }
    for (const payload of [
      `{"to":${to},"type":"offer","data":{"sdp":"x","__proto__":{"polluted":1}}}`,
      `{"__proto__":{"to":${to}},"type":"offer","data":{"sdp":"x"}}`,
      `{"to":${to},"type":"offer","data":{"sdp":"x"},"constructor":{"prototype":{"polluted":1}}}`,
    ]) {
      const res = await anna.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/video/signal`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectError(res, 422, 'validation');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Past the body limit: 413 before anything is read.
    const huge = await k.signal(anna, room.id, {
      to,
      type: 'offer',
      data: { sdp: 'a'.repeat(2 * 1024 * 1024) },
    });
    expectError(huge, 413, 'too_large');
    expect(heard).toEqual([]);
  });

  it('relays no more than the limit of a burst of 1,000, and holds back nobody else', async () => {
    const { room, anna, boris } = await scene();
    const heard = recordEvents(t.app, 'video.signal');
    const candidate = (to: number, i: number) => ({
      to,
      type: 'candidate',
      data: { candidate: `candidate:${i} 1 udp 2122260223 10.0.0.2 ${10_000 + i} typ host` },
    });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => k.signal(anna, room.id, candidate(boris.user.id, i))),
    );
    const limit = BROADCAST_LIMITS.videoSignal.points;
    expect(answers.filter((r) => r.statusCode === 204)).toHaveLength(limit);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(1000 - limit);
    expectError(refused[0]!, 429, 'too_many_requests');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(heard.filter((e) => e.signal.from === anna.user.id)).toHaveLength(limit);

    expect((await k.signal(boris, room.id, candidate(anna.user.id, 1))).statusCode).toBe(204);
  });
});
