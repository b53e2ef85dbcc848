import {
  NICK_PALETTE,
  type Frame,
  type NickStyle,
  type Profile,
  type ProfilePhoto,
  type PublicUser,
} from '@chat/shared';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFrames } from '../../db/seed/seed-frames';
import { nowIso } from '../../lib/clock';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, TEST_PASSWORD, type Client } from '../../test/factories';
import { completeUpload } from './my-test-kit';

const dialects = await testDialects();
type Errors = { errors: Record<string, string[]> };
const DARK = NICK_PALETTE[5]![2]!; // #14478f
const DARK2 = NICK_PALETTE[0]![3]!;
const LIGHT = NICK_PALETTE[2]![9]!; // #faf0bd

describe.each(dialects)('my identity on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
    await seedDemoFrames(t.database, nowIso());
    await t.database.db.insertInto('fonts').values({ font_family: 'Georgia, serif' }).execute();
  });
  afterAll(async () => t.close());

  const person = async () => signedIn(t.app, await buildUser(t.app));
  const call = (who: Client, opts: InjectOptions) =>
    who.asBrowser({ ...opts, headers: { 'x-localization': 'en', ...(opts.headers ?? {}) } });
  const addPhoto = async (who: Client, attachmentId: number) => {
    const res = await call(who, {
      method: 'POST',
      url: '/api/my/photos',
      payload: { attachment_id: attachmentId },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: ProfilePhoto }>(res).data;
  };
  const profileOf = async (slug: string) =>
    json<{ data: Profile }>(await t.app.inject({ method: 'GET', url: `/api/profile/${slug}` }))
      .data;

  describe('photos and avatar', () => {
    it('adds my upload, cuts a 256 px avatar from a crop, and deleting the photo removes it', async () => {
      const a = await person();
      const upload = await completeUpload(t.app, a.user.id, { width: 400, height: 300 });
      const photo = await addPhoto(a, upload.id);
      expect(photo).toMatchObject({ status: 'new', attachment: { id: upload.id } });
      // The same upload twice is the same photo.
      expect((await addPhoto(a, upload.id)).id).toBe(photo.id);
      const listed = json<{ data: ProfilePhoto[] }>(
        await call(a, { method: 'GET', url: '/api/my/photos' }),
      ).data;
      expect(listed.map((p) => p.id)).toEqual([photo.id]);
      expect((await profileOf(a.user.slug)).photos.map((p) => p.id)).toEqual([photo.id]);

      const set = await call(a, {
        method: 'POST',
        url: '/api/my/avatar',
        payload: { photo_id: photo.id, crop: { x: 100, y: 50, size: 200 } },
      });
      expect(set.statusCode, set.body).toBe(200);
      const user = json<{ data: PublicUser }>(set).data;
      expect(user.avatar).toMatch(/^\/storage\/avatars\/[0-9a-f]+\.webp$/);
      const file = await t.app.inject({ method: 'GET', url: user.avatar! });
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 256,
      });
      expect((await profileOf(a.user.slug)).user.avatar).toBe(user.avatar);

      const deleted = await call(a, { method: 'DELETE', url: `/api/my/photos/${photo.id}` });
      expect(deleted.statusCode).toBe(204);
      expect((await profileOf(a.user.slug)).user.avatar).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: user.avatar! })).statusCode).toBe(404);
    });

    it("refuses another user's photo (404) or upload (422), a crop outside, and more than 20 photos", async () => {
      const a = await person();
      const b = await person();
      const theirs = await addPhoto(b, (await completeUpload(t.app, b.user.id)).id);
      const asAvatar = await call(a, {
        method: 'POST',
        url: '/api/my/avatar',
        payload: { photo_id: theirs.id },
      });
      expect(asAvatar.statusCode).toBe(404);
      const theirUpload = await completeUpload(t.app, b.user.id);
      for (const payload of [{ attachment_id: theirUpload.id }]) {
        const res = await call(a, { method: 'POST', url: '/api/my/avatar', payload });
        expect(res.statusCode).toBe(422);
        const photo = await call(a, { method: 'POST', url: '/api/my/photos', payload });
        expect(photo.statusCode).toBe(422);
        expect(Object.keys(json<Errors>(photo).errors)).toEqual(['attachment_id']);
      }
      expect(
        (await call(a, { method: 'DELETE', url: `/api/my/photos/${theirs.id}` })).statusCode,
      ).toBe(404);
      expect((await profileOf(b.user.slug)).photos).toHaveLength(1);

      const mine = await completeUpload(t.app, a.user.id, { width: 100, height: 100 });
      for (const crop of [
        { x: 50, y: 0, size: 80 },
        { x: 0, y: 0, size: 4 },
        { x: -1, y: 0, size: 50 },
      ]) {
        const res = await call(a, {
          method: 'POST',
          url: '/api/my/avatar',
          payload: { attachment_id: mine.id, crop },
        });
        expect(res.statusCode, JSON.stringify(crop)).toBe(422);
      }
      const both = await call(a, {
        method: 'POST',
        url: '/api/my/avatar',
        payload: { attachment_id: mine.id, photo_id: 1 },
      });
      expect(both.statusCode).toBe(422);
      // An upload for a message (purpose attachment) is not a profile photo.
      const chatUpload = await completeUpload(t.app, a.user.id, { purpose: 'attachment' });
      expect(
        (
          await call(a, {
            method: 'POST',
            url: '/api/my/photos',
            payload: { attachment_id: chatUpload.id },
          })
        ).statusCode,
      ).toBe(422);

      for (let i = 0; i < 20; i += 1)
        await addPhoto(a, (await completeUpload(t.app, a.user.id, { width: 8, height: 8 })).id);
      const over = await call(a, {
        method: 'POST',
        url: '/api/my/photos',
        payload: { attachment_id: (await completeUpload(t.app, a.user.id)).id },
      });
      expect(over.statusCode).toBe(422);
      expect(json<Errors>(over).errors.attachment_id).toEqual([
        'You already have as many photos as one may. Delete one first.',
      ]);
    });

    it('removes the avatar', async () => {
      const a = await person();
      const upload = await completeUpload(t.app, a.user.id);
      await call(a, {
        method: 'POST',
        url: '/api/my/avatar',
        payload: { attachment_id: upload.id },
      });
      const res = await call(a, { method: 'DELETE', url: '/api/my/avatar' });
      expect(res.statusCode).toBe(200);
      expect(json<{ data: PublicUser }>(res).data.avatar).toBeNull();
    });
  });

  describe('nick style', () => {
    const style = {
      color: DARK,
      has_gradient: false,
      gradient: [] as unknown[],
      font_id: null as number | null,
      weight: 700,
      italic: true,
    };
    const nick = (who: Client, payload: unknown) =>
      call(who, { method: 'PATCH', url: '/api/my/nick', payload: payload as object });

    it('saves a palette style with a gradient and a font from the catalogue', async () => {
      const a = await person();
      // A gradient and the blue rows are premium perks (features/economy/premium-perks.test.ts).
      await t.database.db
        .updateTable('users')
        .set({ premium_until: new Date(Date.now() + 86_400_000).toISOString() })
        .where('id', '=', a.user.id)
        .execute();
      const font = await t.database.db.selectFrom('fonts').select('id').executeTakeFirstOrThrow();
      const res = await nick(a, {
        ...style,
        color: DARK.toUpperCase(),
        has_gradient: true,
        gradient: [DARK, DARK2],
        font_id: font.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ data: NickStyle }>(res).data).toEqual({
        nick: a.user.nick,
        color: DARK,
        has_gradient: true,
        gradient: [DARK, DARK2],
        font_id: font.id,
        weight: 700,
        italic: true,
      });
      expect((await profileOf(a.user.slug)).user.nick.gradient).toEqual([DARK, DARK2]);
      // Gradient off ("0 colours"): the colours sent along are dropped.
      const off = await nick(a, { ...style, has_gradient: false, gradient: [DARK, DARK2] });
      expect(json<{ data: NickStyle }>(off).data.gradient).toEqual([]);
      // A partial restyle keeps what it does not name; an empty one changes nothing.
      const partial = await nick(a, { italic: false });
      expect(json<{ data: NickStyle }>(partial).data).toMatchObject({
        color: DARK,
        weight: 700,
        font_id: null,
        italic: false,
      });
      const empty = await nick(a, {});
      expect(json<{ data: NickStyle }>(empty).data).toEqual(
        json<{ data: NickStyle }>(partial).data,
      );
    });

    it('refuses 500 colours, non-colours, light colours, a missing font and odd weights', async () => {
      const a = await person();
      const cases: [unknown, string][] = [
        [{ ...style, has_gradient: true, gradient: Array(500).fill(DARK) }, 'gradient'],
        [{ ...style, has_gradient: true, gradient: [DARK] }, 'gradient'],
        [{ ...style, has_gradient: true, gradient: ['red', 'javascript:alert(1)'] }, 'gradient'],
        [{ ...style, has_gradient: true, gradient: [DARK, { $ne: 1 }] }, 'gradient'],
        [{ ...style, color: '<b>#fff</b>' }, 'color'],
        [{ ...style, color: '#123456' }, 'color'],
        [{ ...style, color: LIGHT }, 'color'],
        [{ ...style, has_gradient: true, gradient: [DARK, LIGHT] }, 'gradient'],
        [{ ...style, font_id: 999_999 }, 'font_id'],
        [{ ...style, weight: 450 }, 'weight'],
        [{ ...style, weight: 1000 }, 'weight'],
      ];
      for (const [body, field] of cases) {
        const res = await nick(a, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
        // A bad item of the list is named by its index ("gradient.1").
        const fields = Object.keys(json<Errors>(res).errors).map((k) => k.split('.')[0]);
        expect(fields).toContain(field);
      }
      const light = await nick(a, { ...style, color: LIGHT });
      expect(json<Errors>(light).errors.color).toEqual([
        'This colour is too light to read on the light background.',
      ]);
      expect((await profileOf(a.user.slug)).user.nick.color).toBeNull();
    });
  });

  describe('frames', () => {
    it('lists the catalogue, sets and removes a frame, refuses premium-only ones (403)', async () => {
      const a = await person();
      const frames = json<{ data: Frame[] }>(
        await t.app.inject({
          method: 'GET',
          url: '/api/frames',
          headers: { 'x-localization': 'en' },
        }),
      ).data;
      expect(frames.length).toBeGreaterThanOrEqual(4);
      expect(frames.filter((f) => f.premium_only)).toHaveLength(2);
      const free = frames.find((f) => !f.premium_only)!;
      const premium = frames.find((f) => f.premium_only)!;
      const svg = await t.app.inject({ method: 'GET', url: free.url });
      expect(svg.statusCode).toBe(200);
      expect(svg.body).toContain('<svg');

      const set = await call(a, {
        method: 'POST',
        url: '/api/my/frame',
        payload: { frame_id: free.id },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(json<{ data: PublicUser }>(set).data.frame).toBe(free.url);
      const refused = await call(a, {
        method: 'POST',
        url: '/api/my/frame',
        payload: { frame_id: premium.id },
      });
      expect(refused.statusCode).toBe(403);
      expect(
        (await call(a, { method: 'POST', url: '/api/my/frame', payload: { frame_id: 999_999 } }))
          .statusCode,
      ).toBe(422);
      expect((await profileOf(a.user.slug)).user.frame).toBe(free.url);
      const off = await call(a, {
        method: 'POST',
        url: '/api/my/frame',
        payload: { frame_id: null },
      });
      expect(json<{ data: PublicUser }>(off).data.frame).toBeNull();
    });
  });

  describe('password and account', () => {
    it('changes the password with the current one and ends every other session', async () => {
      const user = await buildUser(t.app);
      const here = await signedIn(t.app, user);
      const there = await signedIn(t.app, user);
      const body = {
        password: TEST_PASSWORD,
        new_password: 'new-secret-1',
        new_password_confirmation: 'new-secret-1',
      };
      const wrong = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: { ...body, password: 'wrong-password' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(json<Errors>(wrong).errors.password).toEqual(['The password is wrong.']);
      const mismatch = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: { ...body, new_password_confirmation: 'other' },
      });
      expect(mismatch.statusCode).toBe(422);
      expect((await there.asBrowser({ method: 'GET', url: '/api/my/profile' })).statusCode).toBe(
        200,
      );

      const ok = await call(here, { method: 'POST', url: '/api/my/password', payload: body });
      expect(ok.statusCode, ok.body).toBe(204);
      expect((await here.asBrowser({ method: 'GET', url: '/api/my/profile' })).statusCode).toBe(
        200,
      );
      expect((await there.asBearer({ method: 'GET', url: '/api/my/profile' })).statusCode).toBe(
        401,
      );
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { nick_or_phone: user.nick, password: 'new-secret-1' },
      });
      expect(login.statusCode, login.body).toBeLessThan(300);
    });

    it('stops guessing the current password after the sign-in budget (429, even when right)', async () => {
      const user = await buildUser(t.app);
      const here = await signedIn(t.app, user);
      const guess = (password: string) =>
        call(here, {
          method: 'POST',
          url: '/api/my/password',
          payload: {
            password,
            new_password: 'new-secret-1',
            new_password_confirmation: 'new-secret-1',
          },
        });
      // LOGIN_RATE_LIMIT defaults to 10 checks; each guess, wrong or right, spends one.
      for (let i = 0; i < 10; i++) expect((await guess(`wrong-${i}`)).statusCode).toBe(422);
      expect((await guess(TEST_PASSWORD)).statusCode).toBe(429);
      const deletion = await call(here, {
        method: 'DELETE',
        url: '/api/my/account',
        payload: { password: TEST_PASSWORD },
      });
      expect(deletion.statusCode).toBe(429);
      expect((await here.asBrowser({ method: 'GET', url: '/api/my/profile' })).statusCode).toBe(
        200,
      );
    });

    it('deletes the account as the policy says; a wrong password changes nothing', async () => {
      const room = await buildRoom(t.app);
      const a = await memberOf(t.app, room.id);
      await call(a, {
        method: 'PATCH',
        url: '/api/my/profile',
        payload: { about: 'me', email: 'gone@example.com' },
      });
      const upload = await completeUpload(t.app, a.user.id);
      const photo = await addPhoto(a, upload.id);
      await call(a, { method: 'POST', url: '/api/my/avatar', payload: { photo_id: photo.id } });
      const said = await a.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        payload: { text: 'still here after I go', client_id: clientId() },
      });
      expect(said.statusCode, said.body).toBe(201);

      const wrong = await call(a, {
        method: 'DELETE',
        url: '/api/my/account',
        payload: { password: 'wrong-password' },
      });
      expect(wrong.statusCode).toBe(422);
      expect((await profileOf(a.user.slug)).about).toBe('me');

      const gone = await call(a, {
        method: 'DELETE',
        url: '/api/my/account',
        payload: { password: TEST_PASSWORD },
      });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/profile/${a.user.slug}` })).statusCode,
      ).toBe(404);
      expect((await a.asBearer({ method: 'GET', url: '/api/my/profile' })).statusCode).toBe(401);
      const row = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', a.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        nick: `Deleted #${a.user.id}`,
        email: null,
        about: null,
        avatar: null,
        password_hash: null,
      });
      expect(
        await t.database.db
          .selectFrom('profile_photos')
          .selectAll()
          .where('user_id', '=', a.user.id)
          .execute(),
      ).toEqual([]);
      expect(
        await t.database.db
          .selectFrom('attachments')
          .selectAll()
          .where('id', '=', upload.id)
          .execute(),
      ).toEqual([]);
      expect(await t.app.deps.storage.exists(upload.file_key!)).toBe(false);
      // The public message stays, under the anonymous nick.
      const b = await memberOf(t.app, room.id);
      const history = json<{ data: { text: string; user: PublicUser }[] }>(
        await b.asBrowser({ method: 'GET', url: `/api/room/${room.id}/messages` }),
      ).data;
      const kept = history.find((m) => m.text === 'still here after I go');
      expect(kept?.user.nick.nick).toBe(`Deleted #${a.user.id}`);
      // Nobody finds the account by its old nick.
      const search = json<{ meta: { total: number } }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/profiles/search?q=${encodeURIComponent(a.user.nick)}`,
        }),
      );
      expect(search.meta.total).toBe(0);
    });
  });
});
