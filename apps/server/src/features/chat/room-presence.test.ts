import type { ProfilesPage, RoomDetail } from '@chat/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../events/domain-events';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import {
  PRESENCE_GRACE_MS,
  PRESENCE_STALE_MS,
  RoomPresence,
  type PresenceTimers,
} from './room-presence';
import { RoomsRepository } from './rooms.repository';

const dialects = await testDialects();

/** A clock turned by hand: timers fire only when the test moves time past them. */
function handClock(start = Date.now()) {
  let now = start;
  let waiting: { at: number; fn: () => void }[] = [];
  const timers: PresenceTimers = {
    now: () => now,
    later: (fn, ms) => {
      const timer = { at: now + ms, fn };
      waiting.push(timer);
      return () => {
        waiting = waiting.filter((t) => t !== timer);
      };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = waiting.filter((t) => t.at <= now);
    waiting = waiting.filter((t) => t.at > now);
    due.forEach((t) => t.fn());
  };
  return { timers, advance, pending: () => waiting.length };
}

/** Lets the database work that a fired timer started finish. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.each(dialects)('room presence on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A room with a watcher and a member, the presence rules on a hand-turned clock. */
  async function setup() {
    const room = await buildRoom(t.app);
    const member = await signedIn(t.app, await buildUser(t.app));
    const watcher = await signedIn(t.app, await buildUser(t.app));
    for (const c of [member, watcher])
      expect(
        (await c.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
      ).toBe(200);
    const sockets = new Set<number>([member.user.id, watcher.user.id]);
    const clock = handClock();
    const told: DomainEventMap['chat.user.presence'][] = [];
    const events = t.app.deps.events;
    events.on('chat.user.presence', (e) => {
      if (e.roomId === room.id) told.push(e);
    });
    let presentNow = async () => new Set(sockets);
    const presence = new RoomPresence(
      new RoomsRepository(t.database.db),
      events,
      (roomId) => (roomId === room.id ? presentNow() : Promise.resolve(new Set<number>())),
      { error: () => undefined },
      clock.timers,
    );
    const listed = async (viewer: Client) =>
      json<{ data: RoomDetail }>(
        await viewer.asBrowser({ method: 'GET', url: `/api/room/${room.id}` }),
      ).data.users.map((u) => u.user.id);
    const online = async () =>
      json<ProfilesPage>(
        await watcher.asBrowser({ method: 'GET', url: '/api/profiles/online?per_page=100' }),
      ).data.map((p) => p.user.id);
    return {
      room,
      member,
      watcher,
      sockets,
      clock,
      told,
      presence,
      listed,
      online,
      setPresentNow: (fn: () => Promise<Set<number>>) => {
        presentNow = fn;
      },
    };
  }

  it('takes a member whose last socket left off the room and People → Online after the grace', async () => {
    const s = await setup();
    s.sockets.delete(s.member.user.id);
    s.presence.changed(s.room.id, s.member.user.id, false);
    // Within the grace nothing changes: a reload must not flicker others' lists.
    s.clock.advance(PRESENCE_GRACE_MS - 1);
    await settled();
    expect(s.told).toEqual([]);
    expect(await s.listed(s.watcher)).toContain(s.member.user.id);
    s.clock.advance(1);
    await settled();
    expect(s.told).toEqual([
      { roomId: s.room.id, userId: s.member.user.id, present: false, invisible: false },
    ]);
    expect(await s.listed(s.watcher)).not.toContain(s.member.user.id);
    expect(await s.online()).not.toContain(s.member.user.id);
    // Still a member: the room is theirs, and they see themselves in it.
    expect(await s.listed(s.member)).toContain(s.member.user.id);
    const rooms = json<{ data: { rooms: { id: number; users_count: number }[] } }>(
      await s.member.asBrowser({ method: 'GET', url: '/api/chat' }),
    ).data.rooms;
    expect(rooms.map((r) => r.id)).toContain(s.room.id);

    // Back (a reload, a new tab): listed again at once, and the room is told.
    s.sockets.add(s.member.user.id);
    s.presence.changed(s.room.id, s.member.user.id, true);
    await settled();
    expect(s.told.at(-1)).toEqual({
      roomId: s.room.id,
      userId: s.member.user.id,
      present: true,
      invisible: false,
    });
    expect(await s.listed(s.watcher)).toContain(s.member.user.id);
    expect(await s.online()).toContain(s.member.user.id);
  });

  it('keeps a member who came back within the grace, telling nobody anything', async () => {
    const s = await setup();
    s.presence.changed(s.room.id, s.member.user.id, false);
    s.clock.advance(1000);
    s.presence.changed(s.room.id, s.member.user.id, true);
    expect(s.clock.pending()).toBe(0);
    s.clock.advance(PRESENCE_GRACE_MS * 2);
    await settled();
    expect(s.told).toEqual([]);
    expect(await s.listed(s.watcher)).toContain(s.member.user.id);
  });

  it('keeps a member whose socket on another node is still there when the grace ends', async () => {
    const s = await setup();
    // This node's last socket left; the sockets of every node still count one (another tab).
    s.presence.changed(s.room.id, s.member.user.id, false);
    s.clock.advance(PRESENCE_GRACE_MS);
    await settled();
    expect(s.told).toEqual([]);
    expect(await s.online()).toContain(s.member.user.id);
  });

  it('puts back a member whose socket joined while the absence was being written', async () => {
    const s = await setup();
    s.sockets.delete(s.member.user.id);
    let asked = 0;
    // The first look finds nobody; by the second (after the write) a tab has come back.
    s.setPresentNow(async () => {
      asked += 1;
      return new Set(asked === 1 ? [s.watcher.user.id] : [s.watcher.user.id, s.member.user.id]);
    });
    s.presence.changed(s.room.id, s.member.user.id, false);
    s.clock.advance(PRESENCE_GRACE_MS);
    await settled();
    expect(asked).toBe(2);
    expect(s.told).toEqual([]);
    expect(await s.listed(s.watcher)).toContain(s.member.user.id);
  });

  it('sweeps a member counted present with no socket anywhere, once the entry is old enough', async () => {
    const s = await setup();
    s.sockets.delete(s.member.user.id);
    // Entered moments ago: maybe still connecting, so left alone.
    await s.presence.sweep(PRESENCE_STALE_MS);
    expect(s.told).toEqual([]);
    // Long enough for any socket to have come (or for a vanished one to be closed by the ping).
    await s.presence.sweep(-60_000);
    expect(s.told).toEqual([
      { roomId: s.room.id, userId: s.member.user.id, present: false, invisible: false },
    ]);
    expect(await s.listed(s.watcher)).toEqual([s.watcher.user.id]);
  });

  it("finds the sweep's rows through an index, not by reading every membership", async () => {
    const before = new Date(Date.now() - PRESENCE_STALE_MS).toISOString();
    const query = (explain: string) =>
      sql<
        Record<string, unknown>
      >`${sql.raw(explain)} select room_id, user_id, invisible from room_users where absent_since is null and entered_at < ${before}`.execute(
        t.database.db,
      );
    const planOf = (rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.values(r).join(' ')).join('\n');
    if (dialect === 'postgres') {
      // A small test table is read whole anyway: forbid that, and the plan names the index.
      await sql`set enable_seqscan = off`.execute(t.database.db);
      const plan = planOf((await query('explain')).rows);
      await sql`reset enable_seqscan`.execute(t.database.db);
      expect(plan).toContain('room_users_present_entered');
    } else {
      const plan = planOf((await query('explain query plan')).rows);
      expect(plan).toMatch(/SEARCH room_users USING (COVERING )?INDEX room_users_present_entered/);
    }
  });

  it('says nothing about someone who left the room for good', async () => {
    const s = await setup();
    await s.member.asBrowser({ method: 'POST', url: `/api/room/${s.room.id}/leave` });
    s.sockets.delete(s.member.user.id);
    s.presence.changed(s.room.id, s.member.user.id, false);
    s.clock.advance(PRESENCE_GRACE_MS);
    await settled();
    expect(s.told).toEqual([]);
  });
});
