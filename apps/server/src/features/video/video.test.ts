import { VIDEO_CAP_DEFAULT } from '@chat/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { turnCredential } from './ice-servers';
import { participantOf, videoKit } from './test/video-kit';

const dialects = await testDialects();

const TURN = {
  STUN_URLS: 'stun:stun.example.org:3478',
  TURN_URLS: 'turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349',
  TURN_SECRET: 'a-shared-secret-of-coturn',
};

/**
 * Video rooms over HTTP (API.md "Video rooms"): seeing and joining a room's call, its cap
 * under parallel joins, who joins as what, one hold a person, TURN credentials, the state of a
 * participant and the moderators' mute and removal.
 */
describe.each(dialects)('video rooms on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const k = videoKit(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp(dialect, TURN);
    admin = await k.person('admin');
  });
  afterAll(async () => t.close());
  // The settings are the process's: each test starts from the defaults.
  beforeEach(async () =>
    k.settings(admin, { video_cap: VIDEO_CAP_DEFAULT, video_watchers: false }),
  );

  it("shows a room's call to its members; others learn why they may not join, or nothing", async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    const boris = await k.member(room.id);
    await k.joined(anna, room.id);

    const seen = await k.call(boris, room.id);
    expect(seen).toMatchObject({
      room_id: room.id,
      cap: VIDEO_CAP_DEFAULT,
      abilities: { join: 'speaker', reason: null, moderate: false },
    });
    expect(seen.participants.map((p) => p.user.id)).toEqual([anna.user.id]);
    expect(seen.participants[0]).toMatchObject({
      user: { id: anna.user.id, nick: { nick: anna.user.nick } },
      audio: true,
      video: true,
      screen: false,
      watcher: false,
      muted_by_moderator: false,
      reconnecting: false,
    });

    // Outside a public room: nobody shown, and why.
    const outsider = await k.person();
    expect(await k.call(outsider, room.id)).toMatchObject({
      participants: [],
      abilities: { join: null, reason: 'not_member' },
    });
    expectError(await k.join(outsider, room.id), 403, 'forbidden');
    // A private room is not there for outsiders; no room at all neither.
    const hidden = await k.room(false);
    expectError(await k.get(outsider, hidden.id), 404, 'not_found');
    expectError(await k.join(outsider, hidden.id), 404, 'not_found');
    expectError(await k.get(outsider, 999_999), 404, 'not_found');
    expect(await k.rows(hidden.id)).toEqual([]);

    const moderator = await k.member(room.id, 'moderator');
    expect((await k.call(moderator, room.id)).abilities.moderate).toBe(true);
  });

  it('joins with its hold and ICE servers, tells the room, and leaves (also twice)', async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    const joinedEvents = recordEvents(t.app, 'video.joined');
    const leftEvents = recordEvents(t.app, 'video.left');

    const answer = await k.joined(anna, room.id, { audio: false });
    expect(answer.call_id).toMatch(/^[\w-]{20,64}$/);
    expect(participantOf(answer, anna.user.id)).toMatchObject({ audio: false, video: true });
    expect(answer.ice_servers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    expect(joinedEvents.filter((e) => e.roomId === room.id)).toHaveLength(1);
    const [row] = await k.rows(room.id);
    expect(row).toMatchObject({ call_id: answer.call_id, audio: 0, video: 1, watcher: 0 });

    expect((await k.leave(anna, room.id)).statusCode).toBe(204);
    expect(await k.rows(room.id)).toEqual([]);
    expect(leftEvents).toContainEqual({
      roomId: room.id,
      userId: anna.user.id,
      callId: answer.call_id,
      reason: null,
    });
    const heard = leftEvents.length;
    // Leaving again, or a call one was never in, is fine and tells nobody.
    expect((await k.leave(anna, room.id)).statusCode).toBe(204);
    expect(
      (await anna.asBrowser({ method: 'POST', url: `/api/room/${room.id}/video/leave` }))
        .statusCode,
    ).toBe(204);
    expect(leftEvents).toHaveLength(heard);
  });

  it('refuses the one past the cap with 409 video.full, and follows the cap setting', async () => {
    const room = await k.room();
    const people = await Promise.all(
      Array.from({ length: VIDEO_CAP_DEFAULT + 1 }, () => k.member(room.id)),
    );
    for (const who of people.slice(0, VIDEO_CAP_DEFAULT)) await k.joined(who, room.id);
    expectError(await k.join(people.at(-1)!, room.id), 409, 'video.full');
    // Joining again from another tab takes one's own place: no room needed.
    await k.joined(await k.otherTab(people[0]!), room.id);
    expect(await k.rows(room.id)).toHaveLength(VIDEO_CAP_DEFAULT);

    await k.settings(admin, { video_cap: 2 });
    const small = await k.room();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => k.member(small.id)));
    await k.joined(a!, small.id);
    await k.joined(b!, small.id);
    expectError(await k.join(c!, small.id), 409, 'video.full');
    expect((await k.call(c!, small.id)).cap).toBe(2);
  });

  it('never passes the cap when 20 people join at once', async () => {
    const room = await k.room();
    const people = await Promise.all(Array.from({ length: 20 }, () => k.member(room.id)));
    const answers = await Promise.all(people.map((who) => k.join(who, room.id)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(VIDEO_CAP_DEFAULT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - VIDEO_CAP_DEFAULT);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expectError(res, 409, 'video.full');
    expect(await k.rows(room.id)).toHaveLength(VIDEO_CAP_DEFAULT);
  });

  it('keeps guests and gagged people out, unless the site lets them watch', async () => {
    const room = await k.room();
    const guest = await k.member(room.id, 'guest');
    const gagged = await k.member(room.id);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ gag_until: new Date(Date.now() + 3600_000).toISOString() })
      .where('id', '=', gagged.user.id)
      .execute();

    expect((await k.call(guest, room.id)).abilities).toMatchObject({ join: null, reason: 'guest' });
    expect((await k.call(gagged, room.id)).abilities).toMatchObject({
      join: null,
      reason: 'gagged',
    });
    expectError(await k.join(guest, room.id), 403, 'guest');
    expectError(await k.join(gagged, room.id), 403, 'gagged');
    expect(await k.rows(room.id)).toEqual([]);

    await k.settings(admin, { video_watchers: true });
    expect((await k.call(guest, room.id)).abilities).toMatchObject({
      join: 'watcher',
      reason: null,
    });
    for (const who of [guest, gagged]) {
      const answer = await k.joined(who, room.id, { audio: true, video: true });
      expect(participantOf(answer, who.user.id)).toMatchObject({
        watcher: true,
        audio: false,
        video: false,
      });
      // A watcher turns nothing on; turning things off is harmless.
      expectError(await k.state(who, room.id, { video: true }), 403, 'forbidden');
      expectError(await k.state(who, room.id, { audio: true, screen: false }), 403, 'forbidden');
      expect((await k.state(who, room.id, { audio: false })).statusCode).toBe(200);
    }
    expect((await k.rows(room.id)).every((row) => row.watcher === 1 && row.audio === 0)).toBe(true);
  });

  it('refuses a banned person (the session check) and leaves no row', async () => {
    const room = await k.room();
    const banned = await k.member(room.id);
    await t.app.deps.database.db
      .updateTable('users')
      .set({ ban_until: new Date(Date.now() + 3600_000).toISOString() })
      .where('id', '=', banned.user.id)
      .execute();
    await k.settings(admin, { video_watchers: true });
    expectError(await k.join(banned, room.id), 403, 'banned');
    expectError(await k.get(banned, room.id), 403, 'banned');
    expect(await k.rows(room.id)).toEqual([]);
  });

  it('holds one call a person: a second tab or another room takes it over', async () => {
    const first = await k.room();
    const second = await k.room();
    const anna = await k.member(first.id);
    await t.app.deps.rooms.enter(anna.user, second.id);
    const boris = await k.member(first.id);
    await k.joined(boris, first.id);
    const joined = recordEvents(t.app, 'video.joined');
    const left = recordEvents(t.app, 'video.left');

    const tabA = await k.joined(anna, first.id);
    const tab = await k.otherTab(anna);
    const tabB = await k.joined(tab, first.id);
    expect(tabB.call_id).not.toBe(tabA.call_id);
    // The first tab's hold is over (it hears so with its own call_id); the room sees the
    // person leave and come back, so the others connect to the new tab.
    expect(left).toEqual([
      { roomId: first.id, userId: anna.user.id, callId: tabA.call_id, reason: 'elsewhere' },
    ]);
    expect(joined.map((e) => e.participant.user.id)).toEqual([anna.user.id, anna.user.id]);
    const holds = new Map((await k.rows(first.id)).map((r) => [r.user_id, r.call_id]));
    expect(holds.size).toBe(2);
    expect(holds.get(anna.user.id)).toBe(tabB.call_id);

    // The first tab's late leave names its own hold: the second tab's call stays.
    expect((await k.leave(anna, first.id, { call_id: tabA.call_id })).statusCode).toBe(204);
    expect((await k.rows(first.id)).some((r) => r.call_id === tabB.call_id)).toBe(true);

    // Another room's call: the first one's place is given up in the same commit.
    const elsewhere = await k.joined(anna, second.id);
    expect((await k.rows(first.id)).map((r) => r.user_id)).toEqual([boris.user.id]);
    expect((await k.rows(second.id)).map((r) => r.call_id)).toEqual([elsewhere.call_id]);
    expect(left.at(-1)).toEqual({
      roomId: first.id,
      userId: anna.user.id,
      callId: tabB.call_id,
      reason: 'elsewhere',
    });
  });

  it('hands out TURN credentials in coturn REST form, to participants only', async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    const before = Math.floor(Date.now() / 1000);
    const answer = await k.joined(anna, room.id);
    const turn = answer.ice_servers.find((s) => s.urls.some((u) => u.startsWith('turn')))!;
    expect(turn.urls).toEqual([
      'turn:turn.example.org:3478?transport=udp',
      'turns:turn.example.org:5349',
    ]);
    const [expiry, userId] = turn.username!.split(':').map(Number);
    expect(userId).toBe(anna.user.id);
    expect(expiry).toBeGreaterThanOrEqual(before + 3600);
    expect(expiry).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
    expect(turn.credential).toBe(turnCredential(TURN.TURN_SECRET, turn.username!));
    expect(turn.credential).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(answer.ice_expires_at).toBe(new Date(expiry! * 1000).toISOString());

    const fresh = k.ok<{ ice_servers: unknown[]; ice_expires_at: string }>(
      await k.ice(anna, room.id),
    );
    expect(fresh.ice_servers).toHaveLength(2);
    expect(JSON.stringify(fresh)).not.toContain(TURN.TURN_SECRET);

    const guest = await k.member(room.id, 'guest');
    expectError(await k.ice(guest, room.id), 403, 'video.not_in_call');
    const other = await k.room();
    expectError(await k.ice(anna, other.id), 403, 'video.not_in_call');
    await k.leave(anna, room.id);
    expectError(await k.ice(anna, room.id), 403, 'video.not_in_call');
  });

  it("changes a participant's state, telling the room only of real changes", async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    expectError(await k.state(anna, room.id, { audio: true }), 403, 'video.not_in_call');
    await k.joined(anna, room.id);
    const updated = recordEvents(t.app, 'video.updated');
    const changed = k.ok<{ audio: boolean; screen: boolean }>(
      await k.state(anna, room.id, { audio: false, screen: true }),
    );
    expect(changed).toMatchObject({ audio: false, video: true, screen: true });
    expect(updated).toHaveLength(1);
    k.ok(await k.state(anna, room.id, { audio: false }));
    expect(updated).toHaveLength(1);
    const res = await k.state(anna, room.id, {});
    expect(res.statusCode).toBe(422);
    expect(json<{ code: string }>(res).code).toBe('validation');
  });

  it('lets moderators mute, unmute and remove those they outrank, logged', async () => {
    const room = await k.room();
    const anna = await k.member(room.id);
    const boris = await k.member(room.id);
    const moderator = await k.member(room.id, 'moderator');
    const chief = await k.member(room.id, 'admin');
    for (const who of [anna, boris, moderator, chief]) await k.joined(who, room.id);
    const log = () =>
      t.app.deps.database.db
        .selectFrom('moderation_log')
        .select(['actor_id', 'action', 'target_user_id', 'subject_type', 'subject_id'])
        .where('subject_type', '=', 'room')
        .where('subject_id', '=', room.id)
        .orderBy('id')
        .execute();

    // Not a moderator, a moderator against an admin, oneself: refused, nothing changes.
    expectError(await k.moderate(boris, room.id, anna.user.id, 'mute'), 403, 'forbidden');
    expectError(await k.moderate(moderator, room.id, chief.user.id, 'remove'), 403, 'forbidden');
    expectError(await k.moderate(moderator, room.id, moderator.user.id, 'mute'), 403, 'forbidden');
    const outsider = await k.person('moderator');
    expectError(await k.moderate(outsider, room.id, anna.user.id, 'mute'), 403, 'forbidden');
    expect(await log()).toEqual([]);

    expect((await k.moderate(moderator, room.id, anna.user.id, 'mute')).statusCode).toBe(204);
    expect(participantOf(await k.call(anna, room.id), anna.user.id)).toMatchObject({
      audio: false,
      muted_by_moderator: true,
    });
    expectError(await k.state(anna, room.id, { audio: true }), 409, 'video.muted_by_moderator');
    k.ok(await k.state(anna, room.id, { video: false }));
    // A second tab does not shake the mute off.
    await k.joined(await k.otherTab(anna), room.id, { audio: true });
    expect(participantOf(await k.call(anna, room.id), anna.user.id)).toMatchObject({
      audio: false,
      muted_by_moderator: true,
    });

    // Two moderators muting at once: one change, one log line, both fine.
    const both = await Promise.all([
      k.moderate(moderator, room.id, boris.user.id, 'mute'),
      k.moderate(chief, room.id, boris.user.id, 'mute'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([204, 204]);

    expect((await k.moderate(chief, room.id, anna.user.id, 'unmute')).statusCode).toBe(204);
    k.ok(await k.state(anna, room.id, { audio: true }));

    const left = recordEvents(t.app, 'video.left');
    // Two removals at once: one takes the person out, the other finds nobody.
    const removals = await Promise.all([
      k.moderate(moderator, room.id, boris.user.id, 'remove'),
      k.moderate(chief, room.id, boris.user.id, 'remove'),
    ]);
    expect(removals.map((r) => r.statusCode).sort()).toEqual([204, 404]);
    expect(left).toEqual([
      {
        roomId: room.id,
        userId: boris.user.id,
        callId: expect.any(String) as unknown,
        reason: 'removed',
      },
    ]);
    expectError(await k.moderate(moderator, room.id, boris.user.id, 'mute'), 404, 'not_found');

    expect((await log()).map((l) => [l.action, l.target_user_id])).toEqual([
      ['video.mute', anna.user.id],
      ['video.mute', boris.user.id],
      ['video.unmute', anna.user.id],
      ['video.remove', boris.user.id],
    ]);
  });
});
