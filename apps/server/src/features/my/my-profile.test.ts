import type { MyProfile, NotificationWire, Profile } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();
type Errors = { errors: Record<string, string[]> };

describe.each(dialects)('my profile on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));
  const en = (opts: InjectOptions): InjectOptions => ({
    ...opts,
    headers: { 'x-localization': 'en', ...(opts.headers ?? {}) },
  });
  const patch = (who: Client, payload: unknown) =>
    who.asBrowser(en({ method: 'PATCH', url: '/api/my/profile', payload: payload as object }));
  const mine = async (who: Client) =>
    json<{ data: MyProfile }>(await who.asBrowser({ method: 'GET', url: '/api/my/profile' })).data;
  const profileOf = async (who: Client | null, slug: string) => {
    const opts: InjectOptions = { method: 'GET', url: `/api/profile/${slug}` };
    const res = who ? await who.asBrowser(opts) : await t.app.inject(opts);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Profile }>(res).data;
  };

  it('saves every field and answers the form; markup is stored verbatim and returned as text', async () => {
    const a = await person();
    const about = '<script>alert(1)</script><b>hi</b> & "quotes"';
    const res = await patch(a, {
      about,
      gender: 'female',
      birthdate: '1990-05-17',
      marital_status: 'not-married',
      email: 'a@example.com',
      phone: '+7 912 345-67-89',
      im_privacy: 'friends',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const form = json<{ data: MyProfile }>(res).data;
    expect(form).toMatchObject({
      about,
      gender: 'female',
      birthdate: '1990-05-17',
      marital_status: 'not-married',
      email: 'a@example.com',
      // A new phone waits for its code (my-phone.test.ts): it is not the account's yet.
      phone: null,
      phone_pending: '+79123456789',
      im_privacy: 'friends',
      partner: null,
      partner_confirmed: false,
      partner_request: null,
    });
    const shown = await profileOf(null, a.user.slug);
    expect(shown.about).toBe(about);
    expect(shown.gender).toBe('female');
    expect(shown.age).toBeGreaterThanOrEqual(34);
    expect(JSON.stringify(shown)).not.toContain('a@example.com');
    expect(JSON.stringify(shown)).not.toContain('1990-05-17');
    // A field left out stays; null or "" clears.
    expect((await patch(a, { about: '' })).statusCode).toBe(200);
    expect(await mine(a)).toMatchObject({ about: null, gender: 'female' });
  });

  it('refuses bad values with the field named, and changes nothing', async () => {
    const a = await person();
    await patch(a, { about: 'kept' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const cases: [unknown, string][] = [
      [{ birthdate: tomorrow }, 'birthdate'],
      [{ birthdate: '1899-12-31' }, 'birthdate'],
      [{ birthdate: '2001-02-30' }, 'birthdate'],
      [{ about: 'x'.repeat(2001) }, 'about'],
      [{ about: 'bell\u0007' }, 'about'],
      [{ about: { $gt: '' } }, 'about'],
      [{ gender: 'other' }, 'gender'],
      [{ marital_status: 'single' }, 'marital_status'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '89123456789' }, 'phone'],
      [{ im_privacy: 'nobody' }, 'im_privacy'],
      [{ partner_id: 'x' }, 'partner_id'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(json<Errors>(res).errors), JSON.stringify(body)).toContain(field);
    }
    const proto = await a.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"about":"evil"},"about":"x"}',
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect((await mine(a)).about).toBe('kept');
  });

  it('answers a phone another account waits for as any other (my-phone.test.ts)', async () => {
    const a = await person();
    const b = await person();
    expect((await patch(a, { phone: '+79001112233' })).statusCode).toBe(200);
    const again = await patch(b, { phone: '+7 900 111-22-33' });
    expect(again.statusCode).toBe(200);
    expect(json<{ data: MyProfile }>(again).data.phone_pending).toBe('+79001112233');
  });

  it('keeps guests out of every /api/my write (403 guest)', async () => {
    const guest = await person('guest');
    const calls: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/my/profile' },
      { method: 'PATCH', url: '/api/my/profile', payload: { about: 'x' } },
      { method: 'POST', url: '/api/my/partner/confirm', payload: { user_id: 1 } },
      { method: 'POST', url: '/api/my/photos', payload: { attachment_id: 1 } },
      { method: 'DELETE', url: '/api/my/photos/1' },
      { method: 'POST', url: '/api/my/avatar', payload: { photo_id: 1 } },
      { method: 'DELETE', url: '/api/my/avatar' },
      {
        method: 'PATCH',
        url: '/api/my/nick',
        payload: {
          color: null,
          has_gradient: false,
          gradient: [],
          font_id: null,
          weight: null,
          italic: false,
        },
      },
      { method: 'POST', url: '/api/my/frame', payload: { frame_id: null } },
      {
        method: 'POST',
        url: '/api/my/password',
        payload: { password: 'x', new_password: 'secret-2', new_password_confirmation: 'secret-2' },
      },
      { method: 'DELETE', url: '/api/my/account', payload: { password: 'x' } },
    ];
    // (The body is checked first: these bodies are valid, so access decides.)
    for (const call of calls) {
      const res = await guest.asBrowser(en(call));
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(json<{ code: string; message: string }>(res)).toEqual({
        code: 'guest',
        message: 'This action is only available for registered users.',
      });
    }
    // The guest's profile page exists all the same: nick, avatar, statistics.
    const page = await profileOf(null, guest.user.slug);
    expect(page.user.roles).toEqual(['guest']);
    expect(page.statistics.public_messages).toBe(0);
  });

  describe('partner', () => {
    const notificationsOf = async (who: Client) =>
      json<{ data: NotificationWire[] }>(
        await who.asBrowser({ method: 'GET', url: '/api/notifications' }),
      ).data;

    it('asks the partner, shows the link on both profiles once confirmed, clears it on a status change', async () => {
      const a = await person();
      const b = await person();
      const named = await patch(a, { marital_status: 'married', partner_id: b.user.id });
      expect(named.statusCode, named.body).toBe(200);
      expect(json<{ data: MyProfile }>(named).data).toMatchObject({
        partner: { id: b.user.id },
        partner_confirmed: false,
      });
      // Not consented yet: nobody's profile shows it.
      expect((await profileOf(null, a.user.slug)).partner).toBeNull();
      expect((await profileOf(null, b.user.slug)).partner).toBeNull();
      const request = (await notificationsOf(b)).find((n) => n.data.type === 'partner_request');
      expect(request?.kind).toBe('new');
      expect(request?.data).toMatchObject({ user: { id: a.user.id }, marital_status: 'married' });
      expect((await mine(b)).partner_request?.id).toBe(a.user.id);

      const confirmed = await b.asBrowser({
        method: 'POST',
        url: '/api/my/partner/confirm',
        payload: { user_id: a.user.id },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(json<{ data: MyProfile }>(confirmed).data).toMatchObject({
        marital_status: 'married',
        partner: { id: a.user.id },
        partner_confirmed: true,
        partner_request: null,
      });
      expect((await profileOf(null, a.user.slug)).partner?.id).toBe(b.user.id);
      expect((await profileOf(null, b.user.slug)).partner?.id).toBe(a.user.id);
      // A second confirmation finds nothing to confirm.
      const again = await b.asBrowser({
        method: 'POST',
        url: '/api/my/partner/confirm',
        payload: { user_id: a.user.id },
      });
      expect(again.statusCode).toBe(404);

      expect((await patch(b, { marital_status: 'divorced' })).statusCode).toBe(200);
      expect((await profileOf(null, a.user.slug)).partner).toBeNull();
      expect((await profileOf(null, b.user.slug)).partner).toBeNull();
      expect(await mine(a)).toMatchObject({ marital_status: 'married', partner: null });
    });

    it('refuses a partner for a status without one, myself, a guest and nobody', async () => {
      const a = await person();
      const guest = await person('guest');
      const b = await person();
      const cases: [unknown, string][] = [
        [{ marital_status: 'not-married', partner_id: b.user.id }, 'partner.not_allowed'],
        [{ marital_status: 'actively-searching', partner_id: b.user.id }, 'partner.not_allowed'],
        [{ partner_id: b.user.id }, 'partner.not_allowed'],
        [{ marital_status: 'engaged', partner_id: a.user.id }, 'partner.invalid'],
        [{ marital_status: 'engaged', partner_id: guest.user.id }, 'partner.invalid'],
        [{ marital_status: 'engaged', partner_id: 2 ** 31 - 1 }, 'partner.invalid'],
      ];
      for (const [body] of cases) {
        const res = await patch(a, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(json<Errors>(res).errors)).toEqual(['partner_id']);
      }
      expect(await mine(a)).toMatchObject({ marital_status: null, partner: null });
    });

    it('confirming someone who did not name me is a 404; a declined request shows nothing', async () => {
      const a = await person();
      const b = await person();
      const c = await person();
      const stranger = await c.asBrowser({
        method: 'POST',
        url: '/api/my/partner/confirm',
        payload: { user_id: a.user.id },
      });
      expect(stranger.statusCode).toBe(404);
      await patch(a, { marital_status: 'in-love', partner_id: b.user.id });
      const wrong = await c.asBrowser({
        method: 'POST',
        url: '/api/my/partner/confirm',
        payload: { user_id: a.user.id },
      });
      expect(wrong.statusCode).toBe(404);
      const declined = await b.asBrowser({
        method: 'POST',
        url: '/api/my/partner/decline',
        payload: { user_id: a.user.id },
      });
      expect(declined.statusCode).toBe(200);
      expect(await mine(a)).toMatchObject({ marital_status: 'in-love', partner: null });
      expect((await profileOf(c, a.user.slug)).partner).toBeNull();
    });
  });
});
