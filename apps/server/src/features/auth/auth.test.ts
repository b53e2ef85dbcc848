import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, TEST_PASSWORD } from '../../test/factories';
import { lastCode } from '../../test/sms';

const dialects = await testDialects();

describe.each(dialects)('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  describe('guest register', () => {
    it('creates a guest, signs it in with a cookie and a token', async () => {
      const res = await post('/api/auth/guest/register', { nick: 'Гость Вася' });
      expect(res.statusCode).toBe(201);
      const body = json<{
        data: { user: { nick: { nick: string }; roles: string[] } };
        meta: { token: string };
      }>(res);
      expect(body.data.user.nick.nick).toBe('Гость Вася');
      expect(body.data.user.roles).toEqual(['guest']);
      expect(body.meta.token).toMatch(/^[\w-]{40,}$/);
      const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
      expect(cookies.chat_session?.httpOnly).toBe(true);
      expect(cookies['XSRF-TOKEN']?.httpOnly).toBeFalsy();
      expect(res.headers['x-build-key']).toBeTruthy();
    });

    it('refuses a nick with markup and changes nothing', async () => {
      const res = await post('/api/auth/guest/register', { nick: '<script>alert(1)</script>' });
      expect(res.statusCode).toBe(422);
      const body = json<{ code: string; errors: Record<string, string[]> }>(res);
      expect(body.code).toBe('validation');
      expect(Object.keys(body.errors)).toEqual(['nick']);
      expect(await t.app.deps.accounts.findByNickKey('<script>alert(1)</script>')).toBeUndefined();
    });

    it('refuses a nick taken in another case', async () => {
      await post('/api/auth/guest/register', { nick: 'Marina' });
      const res = await post(
        '/api/auth/guest/register',
        { nick: 'mARINA' },
        { 'x-localization': 'en' },
      );
      expect(res.statusCode).toBe(422);
      expect(json<{ errors: { nick: string[] } }>(res).errors.nick).toEqual([
        'This nick is already taken.',
      ]);
    });

    it.each([
      ['too short', 'a'],
      ['too long', 'x'.repeat(25)],
      ['leading space', ' bob'],
      ['an object', { nick: 'bob' }],
      ['a number', 42],
      ['missing', undefined],
    ])('refuses a nick that is %s', async (_label, nick) => {
      const res = await post('/api/auth/guest/register', { nick });
      expect(res.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty('nick');
    });
  });

  describe('register and sign in', () => {
    it('registers with a phone, normalised to E.164, and signs in by phone in another format once confirmed', async () => {
      const res = await post('/api/auth/register', {
        nick: 'Olga',
        password: 'olga-pass-1',
        password_confirmation: 'olga-pass-1',
        phone: '+7 (912) 345-67-89',
        gender: 'female',
        birthdate: '1995-04-12',
        email: 'olga@example.com',
      });
      expect(res.statusCode).toBe(201);
      // The phone waits for its code (issue 19, point 10): not a sign-in name yet.
      expect(json<{ data: { phone: string; roles: string[] } }>(res).data).toMatchObject({
        phone: null,
        roles: ['user'],
      });
      const early = await post('/api/auth/login', {
        nick_or_phone: '+79123456789',
        password: 'olga-pass-1',
      });
      expect(early.statusCode).toBe(422);
      const token = json<{ meta: { token: string } }>(res).meta.token;
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/my/phone/confirm',
        headers: { authorization: `Bearer ${token}` },
        payload: { code: lastCode(t.app, '+79123456789') },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const login = await post('/api/auth/login', {
        nick_or_phone: '+79123456789',
        password: 'olga-pass-1',
      });
      expect(login.statusCode).toBe(200);
      expect(json<{ data: { user: { nick: { nick: string } } } }>(login).data.user.nick.nick).toBe(
        'Olga',
      );
    });

    it('signs in by nick ignoring case, answers 422 on a wrong pair', async () => {
      await buildUser(t.app, { nick: 'Pavel' });
      const ok = await post('/api/auth/login', { nick_or_phone: 'pavel', password: TEST_PASSWORD });
      expect(ok.statusCode).toBe(200);
      const bad = await post('/api/auth/login', { nick_or_phone: 'Pavel', password: 'wrong' });
      expect(bad.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(bad).errors).toHaveProperty(
        'nick_or_phone',
      );
      const nobody = await post('/api/auth/login', { nick_or_phone: 'NoSuchUser', password: 'x' });
      expect(nobody.statusCode).toBe(422);
    });

    it('gives a guest who registers under the same nick the same account', async () => {
      const guest = json<{ data: { user: { id: number } } }>(
        await post('/api/auth/guest/register', { nick: 'Upgrader' }),
      ).data.user;
      const client = await signedIn(t.app, (await t.app.deps.users.findById(guest.id))!);
      const res = await client.asBrowser({
        method: 'POST',
        url: '/api/auth/register',
        payload: { nick: 'Upgrader', password: 'upgrade-1', password_confirmation: 'upgrade-1' },
      });
      expect(res.statusCode).toBe(201);
      expect(
        json<{ data: { user: { id: number; roles: string[] } } }>(res).data.user,
      ).toMatchObject({
        id: guest.id,
        roles: ['user'],
      });
    });

    it.each([
      ['mismatched confirmation', { password_confirmation: 'other-pass' }, 'password_confirmation'],
      ['a local phone', { phone: '89123456789' }, 'phone'],
      ['a bad e-mail', { email: 'not-mail' }, 'email'],
      ['a future birthdate', { birthdate: '2999-01-01' }, 'birthdate'],
      ['a bad gender', { gender: 'robot' }, 'gender'],
      ['a short password', { password: '123', password_confirmation: '123' }, 'password'],
    ])('refuses %s', async (_label, change, field) => {
      const res = await post('/api/auth/register', {
        nick: 'Refused',
        password: 'good-pass',
        password_confirmation: 'good-pass',
        ...change,
      });
      expect(res.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors).toHaveProperty(field);
      expect(await t.app.deps.accounts.findByNickKey('refused')).toBeUndefined();
    });

    it('does not say that a phone is already registered, nor take it from its owner', async () => {
      const owner = await buildUser(t.app, { nick: 'PhoneOwner' });
      await t.app.deps.accounts.setContact(owner.id, {
        phone: '+79990001122',
        phone_verified_at: new Date().toISOString(),
      });
      const res = await post('/api/auth/register', {
        nick: 'PhoneThief',
        password: 'good-pass',
        password_confirmation: 'good-pass',
        phone: '+7 999 000-11-22',
      });
      expect(res.statusCode).toBe(201);
      expect(json<{ data: { phone: string | null } }>(res).data.phone).toBeNull();
      expect((await t.app.deps.accounts.findByPhone('+79990001122'))?.id).toBe(owner.id);
    });

    it('accepts a form body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/guest/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'nick=Form+Guest',
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('sessions', () => {
    it('logout ends the session for cookie and token alike', async () => {
      const client = await signedIn(t.app, await buildUser(t.app));
      expect((await client.asBearer({ method: 'GET', url: '/api/init' })).statusCode).toBe(200);
      const out = await client.asBrowser({ method: 'POST', url: '/api/auth/logout' });
      expect(out.statusCode).toBe(204);
      expect((await client.asBearer({ method: 'GET', url: '/api/init' })).statusCode).toBe(401);
      const init = await client.asBrowser({ method: 'GET', url: '/api/init' });
      expect(json<{ data: { user: unknown } }>(init).data.user).toBeNull();
    });

    it('answers 419 to a cookie session without the XSRF header, and accepts a bearer without it', async () => {
      const client = await signedIn(t.app, await buildUser(t.app));
      const noXsrf = await client.asBrowser({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'x-xsrf-token': '' },
      });
      expect(noXsrf.statusCode).toBe(419);
      expect(json<{ code: string }>(noXsrf).code).toBe('session_expired');
      const wrong = await client.asBrowser({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'x-xsrf-token': 'forged' },
      });
      expect(wrong.statusCode).toBe(419);
      expect((await client.asBearer({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
        204,
      );
    });

    it('treats a forged session cookie as signed out and a forged token as 401', async () => {
      const cookie = await t.app.inject({
        method: 'GET',
        url: '/api/init',
        cookies: { chat_session: 'forged-token-value' },
      });
      expect(cookie.statusCode).toBe(200);
      expect(json<{ data: { user: unknown } }>(cookie).data.user).toBeNull();
      const bearer = await t.app.inject({
        method: 'GET',
        url: '/api/init',
        headers: { authorization: 'Bearer ' + 'x'.repeat(43) },
      });
      expect(bearer.statusCode).toBe(401);
      expect(json<{ code: string }>(bearer).code).toBe('unauthenticated');
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(logout.statusCode).toBe(401);
    });

    it('keeps at most 20 live sessions per user, dropping the oldest', async () => {
      const user = await buildUser(t.app);
      const clients = [];
      for (let i = 0; i < 21; i++) {
        const res = await post(
          '/api/auth/login',
          { nick_or_phone: user.nick, password: TEST_PASSWORD },
          { 'user-agent': `device ${i}` },
        );
        expect(res.statusCode).toBe(200);
        clients.push(json<{ meta: { token: string } }>(res).meta.token);
        await t.app.deps.rateLimits.reset(
          { name: 'login', points: 10, durationSeconds: 60 },
          `127.0.0.1:user:${user.id}`,
        );
      }
      expect(await t.app.deps.sessions.countForUser(user.id)).toBe(20);
      const first = await t.app.inject({
        method: 'GET',
        url: '/api/init',
        headers: { authorization: `Bearer ${clients[0]}` },
      });
      expect(first.statusCode).toBe(401);
      const last = await t.app.inject({
        method: 'GET',
        url: '/api/init',
        headers: { authorization: `Bearer ${clients[20]}` },
      });
      expect(last.statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('answers 429 with the reset header after repeated wrong passwords', async () => {
      const user = await buildUser(t.app);
      const answers = [];
      for (let i = 0; i < 20; i++) {
        answers.push(
          await post('/api/auth/login', { nick_or_phone: user.nick, password: `wrong-${i}` }),
        );
      }
      const statuses = answers.map((a) => a.statusCode);
      const last = answers[19]!;
      expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      const reset = Number(last.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
      expect(last.headers['retry-after']).toBeTruthy();
      expect(json<{ code: string }>(last).code).toBe('too_many_requests');
      // The right password does not get through while the window is closed.
      const blocked = await post('/api/auth/login', {
        nick_or_phone: user.nick,
        password: TEST_PASSWORD,
      });
      expect(blocked.statusCode).toBe(429);
    });
  });
});
