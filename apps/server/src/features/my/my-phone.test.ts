import type { MyProfile } from '@chat/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, TEST_PASSWORD, type Client } from '../../test/factories';
import { lastCode, smsTo } from '../../test/sms';

const dialects = await testDialects();
type Errors = { errors: Record<string, string[]> };

/** Issue 19, point 10: phones are sign-in names only once confirmed; deleted names stay taken. */
describe.each(dialects)('phones and deleted accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  let phones = 0;
  /** A fresh valid Russian mobile number, so the per-number limit of one test never bites another. */
  const newPhone = () => `+7912${String(1_000_000 + (phones += 1) * 7919).slice(-7)}`;
  const person = async () => signedIn(t.app, await buildUser(t.app));
  const en = (opts: InjectOptions): InjectOptions => ({
    ...opts,
    headers: { 'x-localization': 'en', ...(opts.headers ?? {}) },
  });
  const setPhone = (who: Client, phone: string | null) =>
    who.asBrowser(en({ method: 'PATCH', url: '/api/my/profile', payload: { phone } }));
  const confirm = (who: Client, code: string) =>
    who.asBrowser(en({ method: 'POST', url: '/api/my/phone/confirm', payload: { code } }));
  const form = (res: LightMyRequestResponse) => json<{ data: MyProfile }>(res).data;
  let address = 0;
  /** Each sign-in from its own address: the per-address limits stay out of these tests. */
  const login = (nick_or_phone: string, password = TEST_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { nick_or_phone, password },
      remoteAddress: `10.9.${Math.floor((address += 1) / 250)}.${address % 250}`,
    });

  it('answers alike whether the number is free or someone confirmed it, and tells nobody whose it is', async () => {
    const owner = await person();
    const phone = newPhone();
    expect((await setPhone(owner, phone)).statusCode).toBe(200);
    const confirmed = await confirm(owner, lastCode(t.app, phone));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(form(confirmed)).toMatchObject({ phone, phone_pending: null });

    const prober = await person();
    const taken = await setPhone(prober, phone);
    const free = await setPhone(await person(), newPhone());
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(Object.keys(form(taken))).toEqual(Object.keys(form(free)));
    expect(form(taken)).toMatchObject({ phone: null, phone_pending: phone });
    // The number is still its owner's: they sign in with it, the prober's waiting claims nothing.
    expect((await login(phone)).statusCode).toBe(200);
    expect(form(await owner.asBrowser({ method: 'GET', url: '/api/my/profile' })).phone).toBe(
      phone,
    );
  });

  it('lets nobody squat a number: waiting for its code, it signs in nobody and blocks nobody', async () => {
    const squatter = await person();
    const phone = newPhone();
    expect((await setPhone(squatter, phone)).statusCode).toBe(200);
    expect((await login(phone)).statusCode).toBe(422);

    // The number's real owner registers with it later: no "already registered".
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        nick: 'Phone Owner',
        password: 'owner-pass-1',
        password_confirmation: 'owner-pass-1',
        phone,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(json<{ data: { phone: string | null } }>(registered).data.phone).toBeNull();
    // Unconfirmed, it is nobody's sign-in name yet.
    expect((await login(phone, 'owner-pass-1')).statusCode).toBe(422);
    const ownerToken = json<{ meta: { token: string } }>(registered).meta.token;
    const asOwner = (opts: InjectOptions) =>
      t.app.inject({ ...opts, headers: { authorization: `Bearer ${ownerToken}` } });
    const done = await asOwner({
      method: 'POST',
      url: '/api/my/phone/confirm',
      payload: { code: lastCode(t.app, phone) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(form(done)).toMatchObject({ phone, phone_pending: null });
    expect((await login(phone, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('takes a code once, voids it after 5 wrong tries, and never one of another number', async () => {
    const a = await person();
    const phone = newPhone();
    await setPhone(a, phone);
    const right = lastCode(t.app, phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await confirm(a, wrong);
      expect(res.statusCode).toBe(422);
      expect(json<Errors>(res).errors.code).toEqual([
        'The code is wrong or has expired. Ask for a new one.',
      ]);
    }
    expect((await confirm(a, right)).statusCode).toBe(422);
    // A new code works once.
    await setPhone(a, phone);
    const fresh = lastCode(t.app, phone);
    expect((await confirm(a, fresh)).statusCode).toBe(200);
    expect((await confirm(a, fresh)).statusCode).toBe(422);
    // Another account cannot use a code sent for someone else.
    const b = await person();
    const other = newPhone();
    await setPhone(b, other);
    const c = await person();
    await setPhone(c, newPhone());
    expect((await confirm(c, lastCode(t.app, other))).statusCode).toBe(422);
    expect((await confirm(c, 'abc')).statusCode, 'a malformed code is refused by the schema').toBe(
      422,
    );
  });

  it('limits codes per account and per number (429), before the form changes', async () => {
    const a = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await setPhone(a, newPhone())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const blocked = await a.asBrowser(
      en({
        method: 'PATCH',
        url: '/api/my/profile',
        payload: { about: 'changed', phone: newPhone() },
      }),
    );
    expect(blocked.statusCode).toBe(429);
    expect(form(await a.asBrowser({ method: 'GET', url: '/api/my/profile' })).about).toBeNull();

    // One number, many askers: the stranger's phone gets at most 3 codes an hour.
    const victim = newPhone();
    const perNumber: number[] = [];
    for (let i = 0; i < 4; i++) perNumber.push((await setPhone(await person(), victim)).statusCode);
    expect(perNumber).toEqual([200, 200, 200, 429]);
    expect(smsTo(t.app, victim)).toHaveLength(3);
  });

  it('keeps a deleted account’s profile address and nick look-alikes from the next person', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nick: 'Yaroslava', password: 'yaro-pass-1', password_confirmation: 'yaro-pass-1' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const body = json<{ data: { user: { slug: string } }; meta: { token: string } }>(reg);
    const slug = body.data.user.slug;
    expect(slug).toBe('yaroslava');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/my/account',
      headers: { authorization: `Bearer ${body.meta.token}` },
      payload: { password: 'yaro-pass-1' },
    });
    expect(gone.statusCode, gone.body).toBe(204);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      headers: { 'x-localization': 'en' },
      payload: { nick: 'YAROSLAVA' },
    });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.nick).toEqual([
      'This nick looks too much like the nick of another account.',
    ]);
    // A nick with the same address base (transliterated) gets another address; the old link
    // stays dead.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      payload: { nick: 'Ярослава' },
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(json<{ data: { user: { slug: string } } }>(next).data.user.slug).not.toBe(slug);
    expect((await t.app.inject({ method: 'GET', url: `/api/profile/${slug}` })).statusCode).toBe(
      404,
    );
  });
});
