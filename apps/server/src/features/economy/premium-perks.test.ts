/** Each premium perk is checked on the server: refused without premium, allowed with it. */
import {
  NICK_PALETTE,
  PHOTOS_MAX,
  type Attachment,
  type Frame,
  type NickStyle,
  type PublicUser,
} from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFrames } from '../../db/seed/seed-frames';
import { nowIso } from '../../lib/clock';
import { buildRoom, memberOf } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { completeUpload } from '../my/my-test-kit';
import { noisyJpeg, readiness, upload } from '../uploads/test/upload-kit';

const dialects = await testDialects();
const DAY = 24 * 3600 * 1000;
/** The site's upload limit here; premium's (25 MB) is far above it. */
const MAX = 64 * 1024;
const BASIC = NICK_PALETTE[3]![2]!; // green: a basic row
const BASIC2 = NICK_PALETTE[0]![3]!; // red
const EXTENDED = NICK_PALETTE[5]![3]!; // blue: an extended row
type Errors = { message: string; errors?: Record<string, string[]> };

describe.each(dialects)('premium perks on %s', (dialect) => {
  let t: TestApp;
  let frames: Frame[];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { ADULT_CLASSIFIER: 'off', UPLOAD_MAX_BYTES: String(MAX) });
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
  /** A plain user and a premium one (the same checks, two answers). */
  const pair = async () => {
    const plain = await signedIn(t.app, await buildUser(t.app));
    const premium = await signedIn(t.app, await buildUser(t.app));
    await premiumFor(premium.user.id);
    return { plain, premium };
  };
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

  it('gives the premium frames to premium users only', async () => {
    const { plain, premium } = await pair();
    const refused = await frame(plain, premiumFrame().id);
    expect(refused.statusCode).toBe(403);
    expect(json<Errors>(refused).message).toBe('This frame is for premium users.');
    const worn = await frame(premium, premiumFrame().id);
    expect(worn.statusCode, worn.body).toBe(200);
    expect(json<{ data: PublicUser }>(worn).data).toMatchObject({
      frame: premiumFrame().url,
      premium: true,
    });
  });

  it('gives gradient nicks and the extended colours to premium users only', async () => {
    const { plain, premium } = await pair();
    const gradient = { color: BASIC, has_gradient: true, gradient: [BASIC, BASIC2] };
    const refused = await nick(plain, gradient);
    expect(refused.statusCode).toBe(403);
    expect(json<Errors>(refused).message).toBe('Gradient nicks are for premium users.');
    const extended = await nick(plain, { color: EXTENDED });
    expect(extended.statusCode).toBe(403);
    expect(json<Errors>(extended).message).toBe('This colour is for premium users.');
    const inGradient = await nick(plain, { ...gradient, gradient: [BASIC, EXTENDED] });
    expect(inGradient.statusCode).toBe(403);
    // Basic colours are everyone's; a bad style is still a 422 first.
    expect((await nick(plain, { color: BASIC })).statusCode).toBe(200);
    expect((await nick(plain, { color: '#123456' })).statusCode).toBe(422);
    expect((await row(plain.user.id)).nick_style).not.toContain('gradient":["');

    for (const body of [
      gradient,
      { color: EXTENDED },
      { ...gradient, gradient: [EXTENDED, BASIC] },
    ]) {
      const res = await nick(premium, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(json<{ data: NickStyle }>(await nick(premium, {})).data).toMatchObject({
      color: BASIC,
      has_gradient: true,
      gradient: [EXTENDED, BASIC],
    });
  });

  it(`gives premium users more than ${PHOTOS_MAX} photos`, async () => {
    const { plain, premium } = await pair();
    const add = async (who: Client) => {
      const up = await completeUpload(t.app, who.user.id, { width: 8, height: 8 });
      return call(who, {
        method: 'POST',
        url: '/api/my/photos',
        payload: { attachment_id: up.id },
      });
    };
    for (const who of [plain, premium])
      for (let i = 0; i < PHOTOS_MAX; i++) expect((await add(who)).statusCode).toBe(201);
    const refused = await add(plain);
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors).toHaveProperty('attachment_id');
    expect((await add(premium)).statusCode).toBe(201);
  });

  it('gives premium users a larger upload limit, counted while the file streams', async () => {
    const { plain, premium } = await pair();
    const big = await noisyJpeg(400, 400);
    expect(big.length).toBeGreaterThan(MAX);
    const refused = await upload(plain, big);
    expect(refused.statusCode).toBe(413);
    const taken = await upload(premium, big);
    expect(taken.statusCode, taken.body).toBe(202);
    await readiness(t.app)(json<{ data: Attachment }>(taken).data.id);
  });

  it('lets premium users go invisible in a room, and plain users not', async () => {
    const room = await buildRoom(t.app);
    const plain = await memberOf(t.app, room.id);
    const premium = await memberOf(t.app, room.id);
    await premiumFor(premium.user.id);
    expect((await visibility(plain, room.id, false)).statusCode).toBe(403);
    const hidden = await visibility(premium, room.id, false);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(json<{ data: { invisible: boolean } }>(hidden).data.invisible).toBe(true);
    // Their permissions in user data say so too (the web app's switch reads them).
    const data = json<{ data: { user: { permissions: string[] } } }>(
      await call(premium, { method: 'GET', url: '/api/init' }),
    ).data.user;
    expect(data.permissions).toEqual(
      expect.arrayContaining(['room.invisible', 'nick.gradient', 'frame.premium']),
    );
  });
});
