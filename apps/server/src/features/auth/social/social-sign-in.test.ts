import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { testDialects } from '../../../test/databases';
import { buildUser, clientOf, json, signedIn } from '../../../test/factories';
import { startTestProvider, type TestProvider } from '../../../test/oidc-test-provider';
import { signTelegramFields } from '../../../test/telegram';

const dialects = await testDialects();
const PUBLIC_URL = 'http://localhost:8080';
const CALLBACK = `${PUBLIC_URL}/api/auth/social/test/callback`;
const TELEGRAM_TOKEN = '123456789:AAE-test-bot-token-0123456789abcdefgh';

/** Telegram's widget fields for a person, signed by the test bot (or another). */
const telegramFields = (fields: Record<string, string>, token = TELEGRAM_TOKEN) =>
  signTelegramFields(fields, token);

const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

describe.each(dialects)('sign-in with other sites on %s', (dialect) => {
  let t: TestApp;
  let provider: TestProvider;
  let n = 0;

  beforeAll(async () => {
    provider = await startTestProvider([CALLBACK]);
    t = await buildTestApp(dialect, {
      ...provider.env(),
      PUBLIC_URL,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_BOT_NAME: 'chat_test_bot',
      LOGIN_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** A new person at the provider. */
  function person(claims: Record<string, unknown> = {}): string {
    n += 1;
    const login = `p${n}-${dialect}`;
    provider.people[login] = {
      name: `Person ${n}`,
      preferred_username: `person${n}${dialect.slice(0, 2)}`,
      email: `p${n}@example.com`,
      email_verified: true,
      ...claims,
    };
    return login;
  }

  /** The redirect to the provider: its address and the state cookie. */
  async function startAt(query = 'return_to=/en/chat', cookies: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/social/test/redirect?${query}`,
      cookies,
    });
    expect(res.statusCode).toBe(302);
    return { location: res.headers.location!, state: cookieOf(res, 'social_state')! };
  }

  async function callback(
    back: URL,
    state: string | undefined,
    cookies: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'GET',
      url: `/api/auth/social/test/callback${back.search}`,
      cookies: { ...(state ? { social_state: state } : {}), ...cookies },
    });
  }

  /** The whole round trip of `login`; answers the callback's response. */
  async function roundTrip(login: string, query?: string, cookies: Record<string, string> = {}) {
    const { location, state } = await startAt(query, cookies);
    const back = await provider.signIn(location, login);
    return callback(back, state, cookies);
  }

  async function signUp(login: string, nick: string, cookies: Record<string, string> = {}) {
    const res = await roundTrip(login, undefined, cookies);
    expect(res.headers.location).toMatch(/^\/en\/signup\/social\?return_to=/);
    const key = cookieOf(res, 'social_signup')!;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/signup',
      payload: { nick },
      cookies: { social_signup: key, ...cookies },
    });
    return { done, key };
  }

  it('lists the configured providers, Telegram with its bot', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(json(res)).toEqual({
      data: [
        { id: 'test', name: 'Test ID', kind: 'oauth' },
        {
          id: 'telegram',
          name: 'Telegram',
          kind: 'telegram',
          telegram: { bot_id: '123456789', bot_name: 'chat_test_bot' },
        },
      ],
    });
  });

  it('sends the person to the provider with PKCE (S256), state and nonce', async () => {
    const { location, state } = await startAt();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
  });

  it('signs up with a nick, then signs the same person in; the callback works once', async () => {
    const login = person({ name: 'Анна Каренина', preferred_username: undefined });
    const { location, state } = await startAt('return_to=/en/forum');
    const back = await provider.signIn(location, login);
    const first = await callback(back, state);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/en/signup/social?return_to=%2Fen%2Fforum');
    const key = cookieOf(first, 'social_signup')!;

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/signup',
      cookies: { social_signup: key },
    });
    expect(json(pending)).toMatchObject({
      data: {
        provider: 'test',
        provider_name: 'Test ID',
        display_name: 'Анна Каренина',
        suggested_nick: 'Анна Каренина',
        has_avatar: false,
        return_to: '/en/forum',
      },
    });

    // The same callback again (a replay, or a second tab): the request was taken once.
    const replay = await callback(back, state);
    expect(replay.headers.location).toBe('/ru/login?social_error=social.state_invalid');

    const nick = `Anna${dialect}`;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/signup',
      payload: { nick },
      cookies: { social_signup: key },
    });
    expect(done.statusCode).toBe(201);
    const body = json<{
      data: { user: { id: number; roles: string[] } };
      meta: { return_to: string };
    }>(done);
    expect(body.data.user.roles).toEqual(['user']);
    expect(body.meta.return_to).toBe('/en/forum');
    const user = await t.app.deps.users.findById(body.data.user.id);
    expect(user?.password_hash).toBeNull();
    // The provider's e-mail is not taken as the account's: it was never confirmed here.
    expect(user?.email).toBeNull();

    // The step is used up.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/signup',
      payload: { nick: `Other${dialect}` },
      cookies: { social_signup: key },
    });
    expect(again.statusCode).toBe(404);

    const next = await roundTrip(login, 'return_to=/en/chat');
    expect(next.headers.location).toBe('/en/chat');
    const session = cookieOf(next, 'chat_session');
    expect(session).toBeTruthy();
    const me = await clientOf(t.app, user!, session!).asBrowser({
      method: 'GET',
      url: '/api/my/social',
    });
    expect(json<{ data: { links: { provider: string; name: string }[] } }>(me).data.links).toEqual([
      expect.objectContaining({ provider: 'test', name: 'Анна Каренина' }),
    ]);

    // A second device signed in by the provider: the first is told, as after a password (by
    // an event listener, after the answer has gone).
    await vi.waitFor(async () => {
      const notes = await t.database.db
        .selectFrom('notifications')
        .select('data')
        .where('user_id', '=', user!.id)
        .execute();
      expect(notes.map((n) => (JSON.parse(n.data) as { type: string }).type)).toContain(
        'new_device',
      );
    });
  });

  it('refuses a callback whose state is missing, wrong, or from another browser', async () => {
    const login = person();
    const { location, state } = await startAt();
    const back = await provider.signIn(location, login);
    const other = await startAt();
    for (const res of [
      await callback(back, undefined),
      await callback(back, other.state),
      await callback(new URL(`${CALLBACK}?code=x`), state),
    ])
      expect(res.headers.location).toBe('/ru/login?social_error=social.state_invalid');
  });

  it('refuses an ID token with another nonce, and a code issued to another client', async () => {
    const login = person();
    const { location, state } = await startAt();
    const swapped = new URL(location);
    swapped.searchParams.set('nonce', 'a-nonce-this-request-never-had');
    const back = await provider.signIn(swapped.href, login);
    expect((await callback(back, state)).headers.location).toBe(
      '/en/login?next=%2Fen%2Fchat&social_error=social.failed',
    );

    const second = await startAt();
    const forged = new URL(second.location);
    forged.searchParams.set('client_id', 'another-client');
    await expect(provider.signIn(forged.href, login)).rejects.toThrow();
  });

  it('a cancelled sign-in at the provider comes back as denied', async () => {
    const { state } = await startAt();
    const res = await callback(new URL(`${CALLBACK}?error=access_denied&state=${state}`), state);
    expect(res.headers.location).toBe('/en/login?next=%2Fen%2Fchat&social_error=social.denied');
  });

  it.each([
    ['//evil.example/x', '/ru/'],
    ['https://evil.example/', '/ru/'],
    ['/\\evil.example', '/ru/'],
    ['javascript:alert(1)', '/ru/'],
    ['/api/my/account', '/ru/'],
    ['/ru/chat/5?x=1', '/ru/chat/5?x=1'],
  ])('returns to %s only on this site (%s)', async (returnTo, expected) => {
    const login = person();
    const { done } = await signUp(login, `Ret${n}${dialect}`.slice(0, 20));
    expect(done.statusCode).toBe(201);
    const res = await roundTrip(login, `return_to=${encodeURIComponent(returnTo)}`);
    expect(res.headers.location).toBe(expected);
  });

  it('never signs in to or links an account because its e-mail matches', async () => {
    const owner = await buildUser(t.app, { email: 'shared@example.com' });
    const login = person({ email: 'shared@example.com', email_verified: true });
    const res = await roundTrip(login);
    expect(res.headers.location).toMatch(/^\/en\/signup\/social/);
    expect(cookieOf(res, 'chat_session')).toBeUndefined();
    expect(await t.app.deps.socialSignIn.mine(owner)).toMatchObject({ links: [] });
  });

  it('a guest who signs up under their own nick keeps their account', async () => {
    const guest = await buildUser(t.app, {
      role: 'guest',
      nick: `Гость${n}${dialect === 'sqlite' ? 1 : 2}`,
    });
    const client = await signedIn(t.app, guest);
    const login = person();
    const res = await roundTrip(login, undefined, { chat_session: client.token });
    const key = cookieOf(res, 'social_signup')!;
    const pending = await client.asBrowser({
      method: 'GET',
      url: '/api/auth/social/signup',
      cookies: { social_signup: key },
    });
    expect(json<{ data: { suggested_nick: string } }>(pending).data.suggested_nick).toBe(
      guest.nick,
    );
    const done = await client.asBrowser({
      method: 'POST',
      url: '/api/auth/social/signup',
      payload: { nick: guest.nick },
      cookies: { social_signup: key },
    });
    expect(done.statusCode).toBe(201);
    expect(json<{ data: { user: { id: number } } }>(done).data.user.id).toBe(guest.id);
    expect((await t.app.deps.users.findById(guest.id))?.role).toBe('user');
  });

  it('links from the security page, never a provider account linked to someone else', async () => {
    const me = await buildUser(t.app);
    const client = await signedIn(t.app, me);
    const login = person();
    const res = await roundTrip(login, 'intent=link&return_to=/en/my/security', {
      chat_session: client.token,
    });
    expect(res.headers.location).toBe('/en/my/security?linked=test');
    expect(cookieOf(res, 'chat_session')).toBeUndefined();

    const someoneElse = await signedIn(t.app, await buildUser(t.app));
    const taken = await roundTrip(login, 'intent=link', { chat_session: someoneElse.token });
    expect(taken.headers.location).toBe('/ru/my/security?social_error=social.linked_elsewhere');

    // The linked person now signs in to my account.
    const signIn = await roundTrip(login);
    expect(signIn.headers.location).toBe('/en/chat');

    // Linking needs an account: a visitor is sent back with the error.
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/api/auth/social/test/redirect?intent=link',
    });
    expect(visitor.headers.location).toBe('/ru/my/security?social_error=forbidden');
  });

  it('never removes the last way to sign in, even when two unlinks race', async () => {
    const login = person();
    const { done } = await signUp(login, `Solo${n}${dialect}`.slice(0, 20));
    const { data, meta } = json<{ data: { user: { id: number } }; meta: { token: string } }>(done);
    const user = (await t.app.deps.users.findById(data.user.id))!;
    const session = cookieOf(done, 'chat_session')!;
    void meta;
    const client = clientOf(t.app, user, session);
    const mine = await client.asBrowser({ method: 'GET', url: '/api/my/social' });
    expect(json(mine)).toMatchObject({ data: { has_password: false, can_unlink: false } });
    const last = await client.asBrowser({ method: 'DELETE', url: '/api/my/social/test' });
    expect(last.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(last).errors.provider).toHaveLength(1);

    // A second link (Telegram), then both removed at once: one goes, one stays.
    const tg = await client.asBrowser({
      method: 'POST',
      url: '/api/auth/telegram',
      payload: {
        ...telegramFields({
          id: String(900 + n),
          first_name: 'T',
          auth_date: String(Math.floor(Date.now() / 1000)),
        }),
        intent: 'link',
      },
    });
    expect(json(tg)).toEqual({
      data: { outcome: 'linked', next: '/ru/my/security?linked=telegram' },
    });
    const both = await Promise.all(
      ['test', 'telegram'].map((p) =>
        client.asBrowser({ method: 'DELETE', url: `/api/my/social/${p}` }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 422]);
    expect((await t.app.deps.socialSignIn.mine(user)).links).toHaveLength(1);
  });

  describe('Telegram', () => {
    const now = () => String(Math.floor(Date.now() / 1000));
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/telegram', payload });

    it('verifies the hash, starts a sign-up, and takes a payload once', async () => {
      const fields = telegramFields({
        id: `7${n}`,
        first_name: '<img src=x onerror=alert(1)>',
        username: 'tg_person',
        auth_date: now(),
      });
      const res = await post({ ...fields, return_to: '/ru/chat' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({
        data: { outcome: 'signup', next: '/ru/signup/social?return_to=%2Fru%2Fchat' },
      });
      const pending = await t.app.inject({
        method: 'GET',
        url: '/api/auth/social/signup',
        cookies: { social_signup: cookieOf(res, 'social_signup')! },
      });
      // Markup in a provider's name is only ever text; the nick comes from the username.
      expect(json(pending)).toMatchObject({
        data: { display_name: '<img src=x onerror=alert(1)>', suggested_nick: 'tg_person' },
      });
      expect((await post(fields)).statusCode).toBe(422);
    });

    it.each([
      ['a wrong hash', { hash: 'f'.repeat(64) }],
      [
        'another bot’s signature',
        {
          hash: telegramFields({ id: '5', auth_date: '1' }, '1:other-bot-token-0123456789abc').hash,
        },
      ],
      ['an old auth_date', { auth_date: String(Math.floor(Date.now() / 1000) - 2 * 86_400) }],
      ['a changed name', { first_name: 'Mallory' }],
    ])('refuses %s (422, nothing signed in)', async (_name, change) => {
      const fields = {
        ...telegramFields({ id: '55', first_name: 'Bob', auth_date: now() }),
        ...change,
      };
      if ('auth_date' in change)
        Object.assign(
          fields,
          telegramFields({ id: '55', first_name: 'Bob', auth_date: change.auth_date }, 'x:wrong'),
          change,
        );
      const res = await post(fields);
      expect(res.statusCode).toBe(422);
      expect(cookieOf(res, 'chat_session')).toBeUndefined();
    });

    it('refuses an old payload even when its hash is right', async () => {
      const old = telegramFields({
        id: '56',
        auth_date: String(Math.floor(Date.now() / 1000) - 2 * 86_400),
      });
      expect((await post(old)).statusCode).toBe(422);
    });

    it.each([
      { __proto__: { id: 1 } },
      { id: { $gt: 1 }, auth_date: now(), hash: 'a'.repeat(64) },
      { id: 'x'.repeat(5000) },
    ])('refuses hostile fields with a 4xx', async (payload) => {
      const res = await post(payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  });

  it('checks nicks live: taken, look-alike, invalid, free', async () => {
    const taken = await buildUser(t.app, { nick: `Taken${dialect}` });
    const ask = async (nick: string) =>
      json<{ data: { free: boolean; reason: string | null } }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/auth/nick-free?nick=${encodeURIComponent(nick)}`,
        }),
      ).data;
    expect(await ask(taken.nick.toUpperCase())).toEqual({ free: false, reason: 'nick.taken' });
    expect(await ask('<b>x</b>')).toMatchObject({ free: false });
    expect(await ask(`Free${dialect}${n}`)).toEqual({ free: true, reason: null });
  });
});
