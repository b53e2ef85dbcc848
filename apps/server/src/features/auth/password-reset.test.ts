import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema';
import { translate } from '../../http/messages';
import { nowIso } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, TEST_PASSWORD } from '../../test/factories';
import { startMailCatcher, tokenIn, type CaughtMail, type MailCatcher } from '../../test/mail';
import { PASSWORD_FORGOT_JOB } from './password-reset.service';

const dialects = await testDialects();

const NEW_PASSWORD = 'a-brand-new-one-7';

/** Issue 24, point 5: a forgotten password, by a link mailed to a confirmed address. */
describe.each(dialects)('a forgotten password on %s', (dialect) => {
  let t: TestApp;
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await buildTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let count = 0;
  /** A fresh client address: the per-IP limits of one test never reach another. */
  const ip = () => {
    count += 1;
    return `10.50.${(count >> 8) & 255}.${count & 255}`;
  };
  /** An account with an address, confirmed unless told. */
  const account = async (
    opts: { email?: string; confirmed?: boolean; nick?: string } = {},
  ): Promise<UserRow> => {
    const email = opts.email ?? `reset${(count += 1)}@example.test`;
    const user = await buildUser(t.app, { email, ...(opts.nick ? { nick: opts.nick } : {}) });
    if (opts.confirmed === false) return user;
    const at = nowIso();
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: at })
      .where('id', '=', user.id)
      .execute();
    return { ...user, email_verified_at: at };
  };
  const forgot = (nick_or_email: unknown, extra: Partial<InjectOptions> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { nick_or_email },
      remoteAddress: ip(),
      ...extra,
      headers: { 'x-localization': 'en', ...(extra.headers ?? {}) },
    });
  const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password, password_confirmation: confirmation },
      remoteAddress: ip(),
      headers: {
        'x-localization': 'en',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
      },
    });
  const login = (nick: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { nick_or_phone: nick, password },
      remoteAddress: ip(),
    });
  /** Waits until the queue has run every forgotten-password job (the mails go after the answer). */
  const settled = async () => {
    const until = Date.now() + 10_000;
    for (;;) {
      const waiting = await t.database.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', PASSWORD_FORGOT_JOB)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      if (waiting.length === 0) return;
      if (Date.now() > until) throw new Error('the forgotten-password jobs did not finish');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Asks for a link and answers the mail it came in. */
  const linkFor = async (user: UserRow, by: string = user.nick): Promise<CaughtMail> => {
    const before = smtp.to(user.email!).length;
    const res = await forgot(by);
    expect(res.statusCode, res.body).toBe(204);
    return (await smtp.waitFor(user.email!, before + 1)).at(-1)!;
  };
  const errors = (res: LightMyRequestResponse) =>
    json<{ errors?: Record<string, string[]> }>(res).errors;

  it('mails a link by nick, and the new password ends every session and notifies the account', async () => {
    const user = await account();
    const phone = await signedIn(t.app, user);
    const laptop = await signedIn(t.app, user);
    const mail = await linkFor(user);
    expect(mail.subject).toBe('Resetting your password — Chatik');
    expect(mail.text).toContain(`Hello, ${user.nick}!`);
    const token = tokenIn(mail, 'password/reset');
    expect(mail.text).toContain(`http://localhost:8080/en/password/reset?token=${token}`);
    expect(mail.html).toContain(`href="http://localhost:8080/en/password/reset?token=${token}"`);

    const ended: number[] = [];
    t.app.deps.events.on('session.ended', ({ userId, sessionId, close }) => {
      if (userId === user.id && close) ended.push(sessionId);
    });
    // Posted from the laptop's browser, signed in as the account: its cookies go too.
    const res = await laptop.asBrowser({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      headers: {
        'x-localization': 'en',
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36',
      },
      remoteAddress: ip(),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/chat_session=;/);
    expect(ended).toHaveLength(2);
    for (const old of [phone, laptop]) {
      expect((await old.asBearer({ method: 'GET', url: '/api/my/email' })).statusCode).toBe(401);
    }
    expect((await login(user.nick, TEST_PASSWORD)).statusCode).toBe(422);
    expect((await login(user.nick, NEW_PASSWORD)).statusCode).toBe(200);
    // The notification is written by an event listener, after the answer has gone.
    await vi.waitFor(async () => {
      const notes = await t.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      const note = notes.map((n) => JSON.parse(n.data) as Record<string, unknown>);
      expect(note).toContainEqual(
        expect.objectContaining({
          type: 'password_reset',
          name: 'Chrome 131 on Windows',
          browser: 'Chrome',
          os: 'Windows',
        }),
      );
    });
    // The reset confirms nothing else: the address was confirmed before, and stays as it was.
    const row = await t.app.deps.users.findById(user.id);
    expect(row?.email_verified_at).toBe(user.email_verified_at);
  });

  it('mails every account that confirmed the address, each its own link, whatever its case', async () => {
    const email = `Twins${(count += 1)}@Example.test`;
    const first = await account({ email });
    const second = await account({ email });
    const unconfirmed = await account({ email, confirmed: false });
    const res = await forgot(email.toLowerCase());
    expect(res.statusCode).toBe(204);
    const mails = await smtp.waitFor(email, 2);
    await settled();
    expect(smtp.to(email)).toHaveLength(2);
    const greeted = mails.map((m) => /Hello, (.+)!/.exec(m.text)?.[1]);
    expect(greeted.sort()).toEqual([first.nick, second.nick].sort());
    expect(greeted).not.toContain(unconfirmed.nick);
    const [one, two] = mails.map((m) => tokenIn(m, 'password/reset'));
    expect(one).not.toBe(two);
    expect((await reset(one!)).statusCode).toBe(204);
    expect((await reset(two!)).statusCode).toBe(204);
  });

  it('answers 204 alike and mails nobody for an unknown name or an unconfirmed address', async () => {
    const unconfirmed = await account({ confirmed: false });
    const answers = [
      await forgot(unconfirmed.email!),
      await forgot(unconfirmed.nick),
      await forgot('nobody-by-this-name'),
      await forgot('nobody@example.test'),
      await forgot('<script>alert(1)</script>'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    await settled();
    expect(smtp.to(unconfirmed.email!)).toEqual([]);
    expect(smtp.to('nobody@example.test')).toEqual([]);
  });

  it('still answers 204 to a flood for one address, and sends it a few mails an hour at most', async () => {
    const user = await account();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => forgot(i % 2 === 0 ? user.email! : user.nick)),
    );
    expect(answers.every((r) => r.statusCode === 204)).toBe(true);
    await settled();
    const mails = smtp.to(user.email!);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.length).toBeLessThanOrEqual(3);
    // One link works: each new one replaced the one before.
    const used: number[] = [];
    for (const mail of mails) used.push((await reset(tokenIn(mail, 'password/reset'))).statusCode);
    expect(used.filter((s) => s === 204)).toHaveLength(1);

    // One address asking too often is told so (429), whoever it names.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await forgot(`someone${i}`, { remoteAddress: '10.51.0.1' })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('sets a password with a link once, even with two at once', async () => {
    const user = await account();
    const token = tokenIn(await linkFor(user), 'password/reset');
    expect((await reset(token)).statusCode).toBe(204);
    const again = await reset(token, 'yet-another-one-8');
    expect(again.statusCode).toBe(422);
    expect(errors(again)).toEqual({ token: [translate('en', 'token.invalid')] });
    expect((await login(user.nick, 'yet-another-one-8')).statusCode).toBe(422);

    const racer = await account();
    const raced = tokenIn(await linkFor(racer, racer.email!), 'password/reset');
    const answers = await Promise.all(
      ['first-password-1', 'second-password-2', 'third-password-3'].map((p) => reset(raced, p)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 422, 422]);
  });

  it('refuses an expired link, a link to a changed address and a mismatched confirmation', async () => {
    const user = await account();
    const expired = tokenIn(await linkFor(user), 'password/reset');
    await t.database.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const late = await reset(expired);
    expect(late.statusCode).toBe(422);
    expect(errors(late)).toEqual({ token: [translate('en', 'token.invalid')] });

    const mover = await account();
    const token = tokenIn(await linkFor(mover), 'password/reset');
    const session = await signedIn(t.app, mover);
    // A wrong confirmation leaves the link as it was.
    const mismatch = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.statusCode).toBe(422);
    expect(errors(mismatch)).toEqual({
      password_confirmation: [translate('en', 'password.mismatch')],
    });
    const moved = await session.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      payload: { email: `moved-${mover.id}@example.test` },
    });
    expect(moved.statusCode).toBe(200);
    const void_ = await reset(token);
    expect(void_.statusCode).toBe(422);
    expect(errors(void_)).toEqual({ token: [translate('en', 'token.invalid')] });
    expect((await login(mover.nick, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses hostile bodies with a 4xx envelope, never a 500', async () => {
    const post = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'x-localization': 'en' },
        payload,
        remoteAddress: ip(),
      });
    const answers = [
      await post('/api/auth/password/forgot', '{"nick_or_email":"a","__proto__":{"admin":true}}'),
      await post('/api/auth/password/forgot', '{"nick_or_email":{"$ne":null}}'),
      await post('/api/auth/password/forgot', '{"nick_or_email":["admin"]}'),
      await post('/api/auth/password/forgot', JSON.stringify({ nick_or_email: 'a'.repeat(5000) })),
      await post('/api/auth/password/forgot', '{"nick_or_email":"a\\u202eb"}'),
      await post(
        '/api/auth/password/reset',
        JSON.stringify({ token: 'A'.repeat(40), password: { a: 1 }, password_confirmation: 'x' }),
      ),
      await post(
        '/api/auth/password/reset',
        '{"token":"AAAAAAAAAAAAAAAAAAAAAAAA","password":"p4ssword-1","password_confirmation":"p4ssword-1","constructor":{"prototype":{"admin":true}}}',
      ),
      await post(
        '/api/auth/password/reset',
        JSON.stringify({
          token: 'A'.repeat(5000),
          password: 'p'.repeat(5000),
          password_confirmation: 'p'.repeat(5000),
        }),
      ),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res)).toMatchObject({ code: 'validation' });
    }
    // A well-formed link nobody was sent: the same 422 as a used one.
    const unknown = await post(
      '/api/auth/password/reset',
      JSON.stringify({
        token: 'B'.repeat(43),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(errors(unknown)).toEqual({ token: [translate('en', 'token.invalid')] });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    // Another site's page can neither ask for a link nor use one.
    const foreign = await forgot('someone', { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    const user = await account();
    const token = tokenIn(await linkFor(user), 'password/reset');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      remoteAddress: ip(),
    });
    expect(posted.statusCode).toBe(403);
    expect((await reset(token)).statusCode).toBe(204);
  });
});
