import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import type { Client } from '../../test/factories';
import { sleep, waitUntil } from '../../test/pusher-clients';
import { participantOf, videoKit } from './test/video-kit';

const dialects = await testDialects();

/**
 * Calls that end without the person asking (API.md "Video rooms"): a ban, a gag, leaving the
 * room or the chat, signing out the device that joined, and the sockets staying away past the
 * reconnect grace (a second here, so the drop job's poll decides the wait).
 */
describe.each(dialects)('video calls ending on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let moderator: Client;
  const k = videoKit(() => t.app);
  beforeAll(async () => {
    t = await buildTestApp(dialect, { VIDEO_RECONNECT_GRACE_SECONDS: '1' });
    admin = await k.person('admin');
    moderator = await k.person('moderator');
  });
  afterAll(async () => t.close());
  beforeEach(async () => k.settings(admin, { video_watchers: false }));

  const sanction = (userId: number, type: string) =>
    moderator.asBrowser({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: userId, type, period: '1h', reason: 'flood' },
    });
  /** Waits for the listeners (they run after the answer) to end the person's call. */
  const ended = async (
    userId: number,
    reason: string,
    left: { userId: number; reason: unknown }[],
  ) => {
    await waitUntil(() => left.some((e) => e.userId === userId && e.reason === reason));
    expect(
      await t.app.deps.database.db
        .selectFrom('video_participants')
        .select('user_id')
        .where('user_id', '=', userId)
        .execute(),
    ).toEqual([]);
  };

  it('ends the call of someone banned or fully banned, and of someone gagged', async () => {
    const room = await k.room();
    const [anna, boris, vera] = await Promise.all([1, 2, 3].map(() => k.member(room.id)));
    for (const who of [anna!, boris!, vera!]) await k.joined(who, room.id);
    const left = recordEvents(t.app, 'video.left');
    expect((await sanction(anna!.user.id, 'ban')).statusCode).toBe(201);
    expect((await sanction(boris!.user.id, 'full_ban')).statusCode).toBe(201);
    expect((await sanction(vera!.user.id, 'gag')).statusCode).toBe(201);
    for (const who of [anna!, boris!, vera!]) await ended(who.user.id, 'banned', left);
    expect(left.filter((e) => e.roomId === room.id)).toHaveLength(3);
  });

  it('makes a gagged participant a watcher where the site lets gagged people watch', async () => {
    await k.settings(admin, { video_watchers: true });
    const room = await k.room();
    const anna = await k.member(room.id);
    await k.joined(anna, room.id);
    const updated = recordEvents(t.app, 'video.updated');
    expect((await sanction(anna.user.id, 'gag')).statusCode).toBe(201);
    await waitUntil(() => updated.some((e) => e.participant.user.id === anna.user.id));
    expect(participantOf(await k.call(anna, room.id), anna.user.id)).toMatchObject({
      watcher: true,
      audio: false,
      video: false,
      screen: false,
    });
  });

  it('ends the call of someone who leaves the room or the chat, not of one leaving another room', async () => {
    const room = await k.room();
    const elsewhere = await k.room();
    const [anna, boris] = await Promise.all([1, 2].map(() => k.member(room.id)));
    await t.app.deps.rooms.enter(anna!.user, elsewhere.id);
    for (const who of [anna!, boris!]) await k.joined(who, room.id);
    const left = recordEvents(t.app, 'video.left');

    const post = (who: Client, url: string) => who.asBrowser({ method: 'POST', url });
    expect((await post(anna!, `/api/room/${elsewhere.id}/leave`)).statusCode).toBe(204);
    await sleep(100);
    expect(left).toEqual([]);
    expect((await post(anna!, `/api/room/${room.id}/leave`)).statusCode).toBe(204);
    await ended(anna!.user.id, 'left_room', left);
    expect((await post(boris!, '/api/chat/leave')).statusCode).toBe(204);
    await ended(boris!.user.id, 'left_room', left);
    // Out of the room, out of its call: joining again is refused.
    expect((await k.join(anna!, room.id)).statusCode).toBe(403);
  });

  it('ends the call when the device that joined signs out, not another one', async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    const phone = await k.otherTab(anna);
    await k.joined(anna, room.id);
    const left = recordEvents(t.app, 'video.left');
    expect((await phone.asBrowser({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
      204,
    );
    await sleep(100);
    expect(left).toEqual([]);
    expect(await k.rows(room.id)).toHaveLength(1);
    expect((await anna.asBrowser({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
      204,
    );
    await ended(anna.user.id, 'dropped', left);
  });

  it('shows a participant whose sockets left as reconnecting, back when one returns, and drops them after the grace', async () => {
    const room = await k.room();
    const [anna, boris] = await Promise.all([1, 2].map(() => k.member(room.id)));
    for (const who of [anna!, boris!]) await k.joined(who, room.id);
    const updated = recordEvents(t.app, 'video.updated');
    const left = recordEvents(t.app, 'video.left');
    const presence = (userId: number, present: boolean) =>
      t.app.deps.events.emit('chat.user.presence', {
        roomId: room.id,
        userId,
        present,
        invisible: false,
      });
    const reconnecting = () =>
      updated
        .filter((e) => e.participant.user.id === anna!.user.id)
        .map((e) => e.participant.reconnecting);

    presence(anna!.user.id, false);
    await waitUntil(() => reconnecting().length === 1);
    expect(participantOf(await k.call(boris!, room.id), anna!.user.id)?.reconnecting).toBe(true);
    presence(anna!.user.id, true);
    await waitUntil(() => reconnecting().length === 2);
    expect(reconnecting()).toEqual([true, false]);
    // Back within the grace: the drop job of that absence finds them there.
    await sleep(2500);
    expect((await k.rows(room.id)).map((r) => r.user_id)).toContain(anna!.user.id);
    expect(left).toEqual([]);

    presence(boris!.user.id, false);
    await ended(boris!.user.id, 'dropped', left);
    expect(left).toEqual([
      {
        roomId: room.id,
        userId: boris!.user.id,
        callId: expect.any(String) as unknown,
        reason: 'dropped',
      },
    ]);
  }, 20_000);

  it('starts a join from someone with no socket in the room as reconnecting', async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    await t.app.deps.database.db
      .updateTable('room_users')
      .set({ absent_since: new Date().toISOString() })
      .where('room_id', '=', room.id)
      .where('user_id', '=', anna.user.id)
      .execute();
    const left = recordEvents(t.app, 'video.left');
    const answer = await k.joined(anna, room.id);
    expect(participantOf(answer, anna.user.id)?.reconnecting).toBe(true);
    await ended(anna.user.id, 'dropped', left);
  }, 20_000);
});
