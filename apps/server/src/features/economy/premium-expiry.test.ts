/**
 * The end of premium (premium-perks.ts, the `premium.expire` job): what premium put on comes off
 * cleanly, what the role allows stays, and the end is announced.
 */
import { NICK_PALETTE, PHOTOS_MAX, type Frame } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFrames } from '../../db/seed/seed-frames';
import { nowIso } from '../../lib/clock';
import { buildRoom, memberOf, recordEvents } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { completeUpload } from '../my/my-test-kit';
import { expectLedgerAddsUp } from './ledger-test-kit';

const dialects = await testDialects();
const DAY = 24 * 3600 * 1000;
const BASIC = NICK_PALETTE[3]![2]!; // green: a basic row
const BASIC2 = NICK_PALETTE[0]![3]!; // red
const EXTENDED = NICK_PALETTE[5]![3]!; // blue: an extended row

describe.each(dialects)('premium expiry on %s', (dialect) => {
  let t: TestApp;
  let frames: Frame[];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoFrames(t.database, nowIso());
    frames = json<{ data: Frame[] }>(
      await t.app.inject({ method: 'GET', url: '/api/frames' }),
    ).data;
  });
  afterAll(async () => t.close());

  const call = (who: Client, opts: InjectOptions) =>
    who.asBrowser({ ...opts, headers: { 'x-localization': 'en', ...(opts.headers ?? {}) } });
  const setPremium = (id: number, until: string | null) =>
    t.database.db.updateTable('users').set({ premium_until: until }).where('id', '=', id).execute();
  const premiumFor = (id: number) => setPremium(id, new Date(Date.now() + 30 * DAY).toISOString());
  const row = (id: number) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const nick = (who: Client, payload: object) =>
    call(who, { method: 'PATCH', url: '/api/my/nick', payload });
  const frame = (who: Client, frameId: number | null) =>
    call(who, { method: 'POST', url: '/api/my/frame', payload: { frame_id: frameId } });
  const premiumFrame = () => frames.find((f) => f.premium_only)!;
  const visibility = (who: Client, roomId: number, visible: boolean) =>
    call(who, {
      method: 'PATCH',
      url: `/api/room/${roomId}/visibility`,
      payload: { visibility: visible },
    });

  /** A premium user in two rooms, invisible in both, with a gradient and a premium frame. */
  const decked = async (role: 'user' | 'moderator' = 'user', color = BASIC) => {
    const rooms = [await buildRoom(t.app), await buildRoom(t.app)];
    const who = await memberOf(t.app, rooms[0]!.id, { role });
    await call(who, { method: 'POST', url: `/api/room/${rooms[1]!.id}/enter` });
    await premiumFor(who.user.id);
    for (const r of rooms) expect((await visibility(who, r.id, false)).statusCode).toBe(200);
    const styled = await nick(who, { color, has_gradient: true, gradient: [EXTENDED, BASIC2] });
    expect(styled.statusCode, styled.body).toBe(200);
    expect((await frame(who, premiumFrame().id)).statusCode).toBe(200);
    return { who, rooms };
  };
  const invisibleIn = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('room_users')
        .select('room_id')
        .where('user_id', '=', userId)
        .where('invisible', '=', 1)
        .execute()
    ).length;

  it('takes the perks off when premium ends and announces it', async () => {
    const { who, rooms } = await decked();
    const events = {
      premium: recordEvents(t.app, 'premium.changed'),
      updated: recordEvents(t.app, 'user.updated'),
      nick: recordEvents(t.app, 'user.nick'),
      frame: recordEvents(t.app, 'user.frame'),
      visibility: recordEvents(t.app, 'chat.user.visibility'),
    };
    const end = new Date(Date.now() - 1000).toISOString();
    await setPremium(who.user.id, end);
    await t.app.deps.economy.premium.expire(who.user.id);

    const after = await row(who.user.id);
    // The gradient falls back to its colour; the frame comes off; every room sees them.
    expect(JSON.parse(after.nick_style)).toMatchObject({
      color: BASIC,
      has_gradient: false,
      gradient: [],
    });
    expect(after.frame).toBeNull();
    expect(after.frame_id).toBeNull();
    expect(await invisibleIn(who.user.id)).toBe(0);
    const mine = <T extends { userId?: number; user?: { id: number } }>(list: T[]) =>
      list.filter((e) => (e.userId ?? e.user?.id) === who.user.id);
    expect(mine(events.premium).map((e) => e.premium)).toEqual([{ active: false, until: end }]);
    expect(mine(events.updated)).toHaveLength(1);
    expect(mine(events.nick).map((e) => e.nick)).toMatchObject([
      { color: BASIC, has_gradient: false },
    ]);
    expect(mine(events.frame).map((e) => e.frame)).toEqual([null]);
    expect(
      mine(events.visibility)
        .map((e) => [e.roomId, e.invisible])
        .sort(),
    ).toEqual(rooms.map((r) => [r.id, false]).sort());

    // Running again (a retried job) changes and announces nothing more but the end.
    await t.app.deps.economy.premium.expire(who.user.id);
    expect(mine(events.nick)).toHaveLength(1);
    expect(mine(events.frame)).toHaveLength(1);
    // And the perks are refused again.
    expect((await visibility(who, rooms[0]!.id, false)).statusCode).toBe(403);
    expect((await frame(who, premiumFrame().id)).statusCode).toBe(403);
  });

  it('drops an extended colour to the default and keeps what staff may do', async () => {
    const { who } = await decked('moderator', EXTENDED);
    await setPremium(who.user.id, new Date(Date.now() - 1000).toISOString());
    await t.app.deps.economy.premium.expire(who.user.id);
    const after = await row(who.user.id);
    expect(JSON.parse(after.nick_style)).toMatchObject({ color: null, has_gradient: false });
    expect(after.frame).toBeNull();
    // A moderator may be invisible without premium.
    expect(await invisibleIn(who.user.id)).toBe(2);
  });

  it('does nothing while premium runs (it was extended after the job was set)', async () => {
    const { who } = await decked();
    const before = await row(who.user.id);
    const changed = recordEvents(t.app, 'premium.changed');
    await t.app.deps.economy.premium.expire(who.user.id);
    expect(await row(who.user.id)).toEqual(before);
    expect(changed.filter((e) => e.userId === who.user.id)).toEqual([]);
  });

  it('keeps photos beyond the limit but adds none until under it', async () => {
    const who = await signedIn(t.app, await buildUser(t.app));
    await premiumFor(who.user.id);
    const add = async () => {
      const up = await completeUpload(t.app, who.user.id, { width: 8, height: 8 });
      return call(who, {
        method: 'POST',
        url: '/api/my/photos',
        payload: { attachment_id: up.id },
      });
    };
    const ids: number[] = [];
    for (let i = 0; i < PHOTOS_MAX + 2; i++) {
      const res = await add();
      expect(res.statusCode).toBe(201);
      ids.push(json<{ data: { id: number } }>(res).data.id);
    }
    await setPremium(who.user.id, new Date(Date.now() - 1000).toISOString());
    await t.app.deps.economy.premium.expire(who.user.id);
    const mine = json<{ data: unknown[] }>(
      await call(who, { method: 'GET', url: '/api/my/photos' }),
    );
    expect(mine.data).toHaveLength(PHOTOS_MAX + 2);
    expect((await add()).statusCode).toBe(422);
    for (const id of ids.slice(0, 3))
      expect(
        (await call(who, { method: 'DELETE', url: `/api/my/photos/${id}` })).statusCode,
      ).toBeLessThan(300);
    expect((await add()).statusCode).toBe(201);
  });

  it('runs through the job queue at the end a purchase set', async () => {
    const buyer = await signedIn(t.app, await buildUser(t.app));
    await t.app.deps.economy.ledger.run((tx) =>
      tx.credit({ userId: buyer.user.id, amount: 199, part: 'balance', reason: 'adjustment' }),
    );
    const bought = await call(buyer, {
      method: 'POST',
      url: '/api/premium',
      payload: { plan: 'month' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const styled = await nick(buyer, {
      color: BASIC,
      has_gradient: true,
      gradient: [BASIC, BASIC2],
    });
    expect(styled.statusCode).toBe(200);
    const until = (await row(buyer.user.id)).premium_until!;
    // Time passes: the end is now, and the job is due.
    const past = new Date(Date.now() - 1000).toISOString();
    await setPremium(buyer.user.id, past);
    await t.database.db
      .updateTable('jobs')
      .set({ run_at: past })
      .where('dedupe_key', '=', `premium.expire:${buyer.user.id}:${until}`)
      .execute();
    const changed = recordEvents(t.app, 'premium.changed');
    t.app.deps.jobs.wake();
    for (let i = 0; i < 150 && changed.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(changed.map((e) => [e.userId, e.premium.active])).toEqual([[buyer.user.id, false]]);
    expect(JSON.parse((await row(buyer.user.id)).nick_style)).toMatchObject({
      color: BASIC,
      has_gradient: false,
    });
    await expectLedgerAddsUp(t.app);
  });
});
