/**
 * Issue 19 point 13: the actions that each reach many people (status, room state, entering and
 * leaving, nick and frame restyles, complaint comments) are limited per account. Past the
 * limit: 429 with Retry-After, nothing stored and nothing broadcast; another account is not
 * held back.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildRoom, memberOf, recordEvents } from '../test/chat-fixtures';
import { testDialects } from '../test/databases';
import { buildUser, json, signedIn, type Client } from '../test/factories';
import { complaintOf, file, person, roomMessage } from '../features/moderation/complaints-test-kit';
import { BROADCAST_LIMITS } from '../http/broadcast-limits';

describe.each(await testDialects())('broadcast limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** Calls `call(i)` until the limit, each accepted; then one more is 429 with Retry-After. */
  async function exhaust(
    points: number,
    call: (i: number) => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse> {
    for (let i = 0; i < points; i++) {
      const res = await call(i);
      expect(res.statusCode, `call ${i + 1}: ${res.body}`).toBeLessThan(300);
    }
    const refused = await call(points);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(json<{ code: string }>(refused).code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    return refused;
  }

  it('limits status changes per account, and the refused one is neither stored nor heard', async () => {
    const me = await signedIn(t.app, await buildUser(t.app));
    const heard = recordEvents(t.app, 'user.status');
    const status = (who: Client, text: string) =>
      who.asBrowser({ method: 'POST', url: '/api/user/status', payload: { status: text } });
    await exhaust(BROADCAST_LIMITS.status.points, (i) => status(me, `status ${i}`));
    const mine = heard.filter((e) => e.userId === me.user.id);
    expect(mine).toHaveLength(BROADCAST_LIMITS.status.points);
    const row = await t.app.deps.users.findById(me.user.id);
    expect(row?.status).toBe(`status ${BROADCAST_LIMITS.status.points - 1}`);
    // Someone else is not held back.
    const other = await signedIn(t.app, await buildUser(t.app));
    expect((await status(other, 'fine')).statusCode).toBe(200);
  });

  it('limits room states per account', async () => {
    const room = await buildRoom(t.app);
    const me = await memberOf(t.app, room.id);
    const heard = recordEvents(t.app, 'chat.user.state');
    await exhaust(BROADCAST_LIMITS.roomState.points, (i) =>
      me.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/state`,
        payload: { state_id: i % 2 === 0 ? 2 : 3 },
      }),
    );
    expect(heard.filter((e) => e.userId === me.user.id)).toHaveLength(
      BROADCAST_LIMITS.roomState.points,
    );
  });

  it('limits entering and leaving per account; entering a room one is in is free', async () => {
    const room = await buildRoom(t.app);
    const me = await signedIn(t.app, await buildUser(t.app));
    const entered = recordEvents(t.app, 'chat.user.entered');
    const move = (i: number) =>
      me.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/${i % 2 === 0 ? 'enter' : 'leave'}`,
      });
    await exhaust(BROADCAST_LIMITS.roomMembership.points, move);
    // The last accepted call was a leave (the limit is even): the refused enter added no one.
    const member = await t.database.db
      .selectFrom('room_users')
      .select('user_id')
      .where('room_id', '=', room.id)
      .where('user_id', '=', me.user.id)
      .executeTakeFirst();
    expect(member).toBeUndefined();
    expect(entered.filter((e) => e.user.id === me.user.id)).toHaveLength(
      BROADCAST_LIMITS.roomMembership.points / 2,
    );
    // Entering a room one is in tells nobody anything, and is not counted.
    const inside = await memberOf(t.app, room.id);
    for (let i = 0; i <= BROADCAST_LIMITS.roomMembership.points; i++) {
      const again = await inside.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` });
      expect(again.statusCode).toBe(200);
    }
  });

  it('limits nick and frame restyles per account', async () => {
    const me = await signedIn(t.app, await buildUser(t.app));
    const heard = recordEvents(t.app, 'user.nick');
    await exhaust(BROADCAST_LIMITS.identity.points, (i) =>
      me.asBrowser({ method: 'PATCH', url: '/api/my/nick', payload: { italic: i % 2 === 0 } }),
    );
    expect(heard.filter((e) => e.userId === me.user.id)).toHaveLength(
      BROADCAST_LIMITS.identity.points,
    );
    const frame = await me.asBrowser({
      method: 'POST',
      url: '/api/my/frame',
      payload: { frame_id: null },
    });
    expect(frame.statusCode).toBe(429);
  });

  it('limits complaint comments per account', async () => {
    const author = await person(t.app);
    const reporter = await person(t.app);
    const message = await roomMessage(t.app, author);
    const complaint = complaintOf(
      await file(reporter, { target_type: 'message', target_id: message.id, reason: 'spam' }),
    );
    await exhaust(BROADCAST_LIMITS.complaintComment.points, (i) =>
      reporter.asBrowser({
        method: 'POST',
        url: `/api/complaints/${complaint.id}/comments`,
        payload: { text: `more detail ${i}` },
      }),
    );
    const comments = await t.database.db
      .selectFrom('complaint_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('complaint_id', '=', complaint.id)
      .executeTakeFirstOrThrow();
    expect(Number(comments.n)).toBe(BROADCAST_LIMITS.complaintComment.points);
  });

  it("limits joining a room's video call and turning things on and off, per account; leaving never", async () => {
    const room = await buildRoom(t.app);
    const me = await memberOf(t.app, room.id);
    const joined = recordEvents(t.app, 'video.joined');
    const video = (path: string, payload: object) =>
      me.asBrowser({ method: 'POST', url: `/api/room/${room.id}/video/${path}`, payload });
    // Each join takes the call over from the one before, as another tab would.
    await exhaust(BROADCAST_LIMITS.videoJoin.points, () => video('join', {}));
    expect(joined.filter((e) => e.participant.user.id === me.user.id)).toHaveLength(
      BROADCAST_LIMITS.videoJoin.points,
    );
    const updated = recordEvents(t.app, 'video.updated');
    await exhaust(BROADCAST_LIMITS.videoState.points, (i) =>
      video('state', { video: i % 2 === 1 }),
    );
    expect(updated).toHaveLength(BROADCAST_LIMITS.videoState.points);
    expect((await video('leave', {})).statusCode).toBe(204);
  });
});
