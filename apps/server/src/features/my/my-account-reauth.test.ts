import { RECENT_SIGN_IN_MINUTES } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, TEST_PASSWORD, type Client } from '../../test/factories';
import { hashToken } from '../../lib/tokens';

const dialects = await testDialects();
type Errors = { errors: Record<string, string[]> };
const REAUTH_EN =
  'Sign in again with the site you use (for example, sign out and back in), then do this within 15 minutes.';

// An account made by signing in at another site has no password: a recent sign-in stands in
// for it when the account sets its first password or deletes itself.
describe.each(dialects)('password and deletion without a password on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const call = (who: Client, opts: InjectOptions) =>
    who.asBrowser({ ...opts, headers: { 'x-localization': 'en', ...(opts.headers ?? {}) } });
  /** A registered user whose only ways in are other sites. */
  const passwordless = async () => {
    const user = await buildUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', user.id)
      .execute();
    return { ...user, password_hash: null };
  };
  /** Moves the session's sign-in back by `minutes`. */
  const age = async (who: Client, minutes: number) => {
    const at = new Date(Date.now() - minutes * 60_000).toISOString();
    await t.database.db
      .updateTable('sessions')
      .set({ created_at: at })
      .where('token_hash', '=', hashToken(who.token))
      .execute();
  };
  const passwordHash = async (id: number) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const signIn = (nick: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { nick_or_phone: nick, password },
    });
  const alive = async (who: Client) =>
    (await who.asBearer({ method: 'GET', url: '/api/my/profile' })).statusCode;
  const firstPassword = { new_password: 'first-secret', new_password_confirmation: 'first-secret' };

  describe('setting the first password', () => {
    it('works from a fresh session; the account then signs in with it and other sessions end', async () => {
      const user = await passwordless();
      const here = await signedIn(t.app, user);
      const there = await signedIn(t.app, user);
      await age(there, 60);

      const res = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: firstPassword,
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await alive(here)).toBe(200);
      expect(await alive(there)).toBe(401);
      const login = await signIn(user.nick, 'first-secret');
      expect(login.statusCode, login.body).toBeLessThan(300);
      const social = await call(here, { method: 'GET', url: '/api/my/social' });
      expect(json<{ data: { has_password: boolean } }>(social).data.has_password).toBe(true);
    });

    it('takes an empty current password as none', async () => {
      const user = await passwordless();
      const here = await signedIn(t.app, user);
      const res = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: { password: '', ...firstPassword },
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await passwordHash(user.id)).not.toBeNull();
    });

    it(`asks an older session than ${RECENT_SIGN_IN_MINUTES} minutes to sign in again, changing nothing`, async () => {
      const user = await passwordless();
      const here = await signedIn(t.app, user);
      const there = await signedIn(t.app, user);
      await age(here, RECENT_SIGN_IN_MINUTES + 1);

      const res = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: { password: 'anything', ...firstPassword },
      });
      expect(res.statusCode).toBe(422);
      expect(json<Errors>(res).errors).toEqual({ password: [REAUTH_EN] });
      expect(await passwordHash(user.id)).toBeNull();
      expect(await alive(there)).toBe(200);
      expect((await signIn(user.nick, 'first-secret')).statusCode).toBe(422);

      const ru = await here.asBrowser({
        method: 'POST',
        url: '/api/my/password',
        payload: firstPassword,
        headers: { 'x-localization': 'ru' },
      });
      expect(json<Errors>(ru).errors.password).toEqual([
        'Войдите заново через сайт, которым вы пользуетесь (например, выйдите и войдите снова), и сделайте это в течение 15 минут.',
      ]);
    });

    it('still checks the new password and its confirmation', async () => {
      const here = await signedIn(t.app, await passwordless());
      const res = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: { new_password: 'first-secret', new_password_confirmation: 'other' },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(json<Errors>(res).errors)).toEqual(['new_password_confirmation']);
      expect(await passwordHash(here.user.id)).toBeNull();
    });
  });

  describe('deleting the account', () => {
    it('asks an old session to sign in again, then deletes from a fresh one', async () => {
      const user = await passwordless();
      const old = await signedIn(t.app, user);
      await age(old, RECENT_SIGN_IN_MINUTES + 1);

      const refused = await call(old, { method: 'DELETE', url: '/api/my/account', payload: {} });
      expect(refused.statusCode).toBe(422);
      expect(json<Errors>(refused).errors).toEqual({ password: [REAUTH_EN] });
      expect(await alive(old)).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/profile/${user.slug}` })).statusCode,
      ).toBe(200);

      const fresh = await signedIn(t.app, user);
      const gone = await call(fresh, { method: 'DELETE', url: '/api/my/account', payload: {} });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await alive(fresh)).toBe(401);
      expect(await alive(old)).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/profile/${user.slug}` })).statusCode,
      ).toBe(404);
    });
  });

  describe('an account with a password', () => {
    it('must still type it: an empty or absent one is required, a fresh session is no excuse', async () => {
      const user = await buildUser(t.app);
      const here = await signedIn(t.app, user);
      for (const password of ['', undefined]) {
        const change = await call(here, {
          method: 'POST',
          url: '/api/my/password',
          payload: { password, ...firstPassword },
        });
        expect(change.statusCode).toBe(422);
        expect(json<Errors>(change).errors).toEqual({ password: ['This field is required.'] });
        const deletion = await call(here, {
          method: 'DELETE',
          url: '/api/my/account',
          payload: { password },
        });
        expect(deletion.statusCode).toBe(422);
        expect(json<Errors>(deletion).errors).toEqual({ password: ['This field is required.'] });
      }
      expect((await signIn(user.nick, TEST_PASSWORD)).statusCode).toBeLessThan(300);
      expect(await alive(here)).toBe(200);
    });

    it('an empty password spends none of the guesses', async () => {
      const user = await buildUser(t.app);
      const here = await signedIn(t.app, user);
      const send = (password: string) =>
        call(here, {
          method: 'POST',
          url: '/api/my/password',
          payload: { password, ...firstPassword },
        });
      for (let i = 0; i < 12; i++) expect((await send('')).statusCode).toBe(422);
      // LOGIN_RATE_LIMIT is 10 checks: all of them are still there.
      for (let i = 0; i < 9; i++) expect((await send(`wrong-${i}`)).statusCode).toBe(422);
      expect((await send(TEST_PASSWORD)).statusCode, 'the tenth check').toBe(204);
    });

    it('an old session with the right password changes it as before', async () => {
      const user = await buildUser(t.app);
      const here = await signedIn(t.app, user);
      await age(here, 24 * 60);
      const res = await call(here, {
        method: 'POST',
        url: '/api/my/password',
        payload: { password: TEST_PASSWORD, ...firstPassword },
      });
      expect(res.statusCode, res.body).toBe(204);
      expect((await signIn(user.nick, 'first-secret')).statusCode).toBeLessThan(300);
    });
  });
});
