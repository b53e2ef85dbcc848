import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { codeIn, startMailCatcher, tokenIn, type MailCatcher } from '../../test/mail';
import { translate, type MessageKey } from '../../http/messages';
import { MAIL_LIMITS } from './auth.module';
import type { MyEmail } from './email-confirmation.service';

const dialects = await testDialects();

/** Issue 24, point 4: the profile's e-mail confirmed by a mailed code or link. */
describe.each(dialects)('e-mail confirmation on %s', (dialect) => {
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

  let people = 0;
  /** A signed-in person with an address of their own (the per-address limits stay apart). */
  const person = async (email: string | null = `person${(people += 1)}@example.test`) =>
    signedIn(t.app, await buildUser(t.app, { email }));
  const en = (opts: InjectOptions): InjectOptions => ({
    ...opts,
    headers: { 'x-localization': 'en', ...(opts.headers ?? {}) },
  });
  const status = async (who: Client) =>
    json<{ data: MyEmail }>(await who.asBrowser({ method: 'GET', url: '/api/my/email' })).data;
  const verify = (who: Client, locale = 'en') =>
    who.asBrowser({
      method: 'POST',
      url: '/api/my/email/verify',
      headers: { 'x-localization': locale },
    });
  let address = 0;
  /** Each from an address of its own unless told: the per-IP limit stays out of the way. */
  const confirm = (
    who: Client,
    code: unknown,
    ip = `10.40.${(address += 1) >> 8}.${address & 255}`,
  ) =>
    who.asBrowser(
      en({ method: 'POST', url: '/api/my/email/confirm', payload: { code }, remoteAddress: ip }),
    );
  const confirmLink = (token: unknown, extra: Partial<InjectOptions> = {}) =>
    t.app.inject(
      en({
        method: 'POST',
        url: '/api/auth/email/confirm',
        payload: { token },
        remoteAddress: `10.41.${(address += 1) >> 8}.${address & 255}`,
        ...extra,
      }),
    );
  /** Sends a code and answers the mail it arrived in (at `to`: the profile's address). */
  const mailed = async (who: Client, locale = 'en', to = who.user.email!) => {
    const before = smtp.to(to).length;
    const res = await verify(who, locale);
    expect(res.statusCode, res.body).toBe(204);
    return (await smtp.waitFor(to, before + 1)).at(-1)!;
  };
  /** A field's error as an English page reads it. */
  const said = (key: MessageKey) => [translate('en', key)];
  const errorOf = (res: LightMyRequestResponse) =>
    json<{ code: string; errors?: Record<string, string[]> }>(res);
  const codeRow = (userId: number) =>
    t.database.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', 'confirm')
      .executeTakeFirstOrThrow();
  /** What an hour later would allow: the account's confirmation tries start again. */
  const nextHour = (who: Client) =>
    t.app.deps.rateLimits.reset(MAIL_LIMITS.email.confirmPerAccount, String(who.user.id));
  /** Any other code than `right`. */
  const wrongOf = (right: string, i = 0) =>
    String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');

  it('mails a code and a link in the person’s language and confirms with the code', async () => {
    const who = await person();
    expect(await status(who)).toEqual({
      email: who.user.email,
      verified: false,
      code_pending: false,
    });
    const mail = await mailed(who, 'en');
    expect(mail.subject).toBe('Confirm your e-mail — Chatik');
    expect(mail.from).toContain('Chatik');
    const code = codeIn(mail);
    const token = tokenIn(mail, 'email/confirm');
    expect(mail.text).toContain(`http://localhost:8080/en/email/confirm?token=${token}`);
    expect(mail.text).toContain(`Hello, ${who.user.nick}!`);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain(`href="http://localhost:8080/en/email/confirm?token=${token}"`);
    expect(mail.html).toContain('<html lang="en">');
    expect(await status(who)).toMatchObject({ verified: false, code_pending: true });

    const done = await confirm(who, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(json<{ data: MyEmail }>(done).data).toEqual({
      email: who.user.email,
      verified: true,
      code_pending: false,
    });
    const profile = await who.asBrowser({ method: 'GET', url: '/api/my/profile' });
    expect(json<{ data: { email_verified: boolean } }>(profile).data.email_verified).toBe(true);
    // Confirmed: nothing more to send, and the code (and its link) worked once.
    expect(errorOf(await verify(who)).errors).toEqual({ email: said('email.already_verified') });
    expect(errorOf(await confirm(who, code)).errors).toEqual({ code: said('email.code_invalid') });
    expect(errorOf(await confirmLink(token)).errors).toEqual({ token: said('token.invalid') });
  });

  it('writes Russian to a Russian page, and needs an address to write to', async () => {
    const who = await person();
    const mail = await mailed(who, 'ru');
    expect(mail.subject).toBe('Подтверждение почты — Чатик');
    expect(mail.text).toContain(`Здравствуйте, ${who.user.nick}!`);
    expect(mail.text).toContain('/ru/email/confirm?token=');
    expect(mail.html).toContain('<html lang="ru">');

    const none = await verify(await person(null));
    expect(none.statusCode).toBe(422);
    expect(errorOf(none).errors).toEqual({ email: said('email.none') });
  });

  it('confirms by the link from any browser, once', async () => {
    const who = await person();
    const token = tokenIn(await mailed(who), 'email/confirm');
    const res = await confirmLink(token);
    expect(res.statusCode, res.body).toBe(204);
    expect(await status(who)).toEqual({
      email: who.user.email,
      verified: true,
      code_pending: false,
    });
    const again = await confirmLink(token);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).errors).toEqual({ token: said('token.invalid') });
    // Another site's page cannot post it (http/same-origin.ts).
    const foreign = await confirmLink(token, { headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('answers a wrong, void, expired or used code alike, and voids a code after 5 wrong tries', async () => {
    const who = await person();
    const code = codeIn(await mailed(who));
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 5; i++) answers.push(await confirm(who, wrongOf(code, i)));
    // The right code, sixth: the code is void.
    answers.push(await confirm(who, code));
    expect(answers.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422, 422]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await status(who)).toMatchObject({ verified: false, code_pending: false });
    // Its link went with it.
    expect(
      (await confirmLink(tokenIn(smtp.to(who.user.email!).at(-1)!, 'email/confirm'))).statusCode,
    ).toBe(422);

    // A new code starts again; an expired one answers the same as a wrong one.
    const fresh = await mailed(who);
    await t.database.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', who.user.id)
      .execute();
    const expired = await confirm(who, codeIn(fresh));
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toBe(answers[0]!.body);
    expect((await confirmLink(tokenIn(fresh, 'email/confirm'))).statusCode).toBe(422);
    expect(await status(who)).toMatchObject({ verified: false, code_pending: false });
  });

  it('withstands 1,000 guesses: 5 compared, 10 an hour answered, the rest 429', async () => {
    const who = await person();
    const code = codeIn(await mailed(who));
    const statuses: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const res = await confirm(who, wrongOf(code, i));
      statuses.push(res.statusCode);
      if (res.statusCode === 422) bodies.add(res.body);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(bodies.size).toBe(1);
    expect((await codeRow(who.user.id)).attempts).toBe(10);
    // An hour later the right code is still refused, in the same words: it is void.
    await nextHour(who);
    const late = await confirm(who, code);
    expect(late.statusCode).toBe(422);
    expect(bodies.has(late.body)).toBe(true);
    expect(await status(who)).toMatchObject({ verified: false });
  });

  it('counts parallel guesses before comparing them, and lets one of parallel right codes win', async () => {
    const guesser = await person();
    const code = codeIn(await mailed(guesser));
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => confirm(guesser, wrongOf(code, i))),
    );
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 422 || s === 429)).toBe(true);
    expect((await codeRow(guesser.user.id)).attempts).toBe(
      statuses.filter((s) => s === 422).length,
    );
    await nextHour(guesser);
    expect((await confirm(guesser, code)).statusCode).toBe(422);
    expect(await status(guesser)).toMatchObject({ verified: false });

    const owner = await person();
    const right = codeIn(await mailed(owner));
    const tries = await Promise.all(Array.from({ length: 8 }, () => confirm(owner, right)));
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 422)).toBe(true);
  });

  it('voids the code when the address changes, and unconfirms a changed address', async () => {
    const who = await person();
    const mail = await mailed(who);
    const changed = await who.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      payload: { email: `changed-${who.user.id}@example.test` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await status(who)).toEqual({
      email: `changed-${who.user.id}@example.test`,
      verified: false,
      code_pending: false,
    });
    expect((await confirm(who, codeIn(mail))).statusCode).toBe(422);
    expect((await confirmLink(tokenIn(mail, 'email/confirm'))).statusCode).toBe(422);

    // Confirmed, then the same address again: still confirmed; another one: not any more.
    const again = await mailed(who, 'en', `changed-${who.user.id}@example.test`);
    expect((await confirm(who, codeIn(again))).statusCode).toBe(200);
    const same = await who.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      payload: { email: `changed-${who.user.id}@example.test`, about: 'still me' },
    });
    expect(json<{ data: { email_verified: boolean } }>(same).data.email_verified).toBe(true);
    const other = await who.asBrowser({
      method: 'PATCH',
      url: '/api/my/profile',
      payload: { email: `other-${who.user.id}@example.test` },
    });
    expect(json<{ data: { email_verified: boolean } }>(other).data.email_verified).toBe(false);
  });

  it('confirms nothing when the address changed between the mail and the code (the race)', async () => {
    const who = await person();
    const mail = await mailed(who);
    // As if changed by a write that did not go through the profile form's owner.
    await t.database.db
      .updateTable('users')
      .set({ email: `raced-${who.user.id}@example.test` })
      .where('id', '=', who.user.id)
      .execute();
    expect((await confirm(who, codeIn(mail))).statusCode).toBe(422);
    const row = await t.database.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', who.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it('voids the earlier code with a new one, and limits the mails per account and per address', async () => {
    const who = await person();
    const first = codeIn(await mailed(who));
    const second = codeIn(await mailed(who));
    if (first !== second) expect((await confirm(who, first)).statusCode).toBe(422);
    expect((await confirm(who, second)).statusCode).toBe(200);

    const flooder = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await verify(flooder)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect(json(await verify(flooder))).toMatchObject({ code: 'too_many_requests' });

    // One mailbox, several accounts naming it: 5 mails an hour, whoever asks.
    const shared = 'shared-box@example.test';
    const sharers = await Promise.all([1, 2, 3].map(() => person(shared)));
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await verify(sharers[i % 3]!)).statusCode);
    expect(answers.filter((s) => s === 204)).toHaveLength(5);
    expect(answers.slice(5)).toEqual([429, 429]);
  });

  it('refuses hostile bodies with a 4xx envelope, never a 500', async () => {
    const who = await person();
    const link = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email/confirm',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const code = (payload: string) =>
      who.asBrowser({
        method: 'POST',
        url: '/api/my/email/confirm',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const answers = [
      await code('{"code":"123456","__proto__":{"verified":true}}'),
      await code('{"code":{"$gt":""}}'),
      await code('{"code":["123456"]}'),
      await code(JSON.stringify({ code: '1'.repeat(5000) })),
      await code('{"code":"<b>12</b>"}'),
      await link('{"token":"x","constructor":{"prototype":{"a":1}}}'),
      await link('{"token":{"length":40}}'),
      await link(JSON.stringify({ token: 'A'.repeat(5000) })),
      await link('{"token":"<script>alert(1)</script>aaaaaaaaaaaaaaaaaaa"}'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res)).toMatchObject({ code: 'validation' });
    }
    expect(({} as Record<string, unknown>).verified).toBeUndefined();
    expect(await status(who)).toMatchObject({ verified: false });
  });
});
