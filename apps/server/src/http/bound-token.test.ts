/**
 * Issue 19 point 13: what a browser keeps in `localStorage.apiToken` is useless alone. A sign-in
 * from a browser page answers a cookie-bound `meta.token`, honoured as a bearer only beside its
 * own HttpOnly cookie; other clients still get a real bearer token.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { json } from '../test/factories';
import { SESSION_COOKIE } from './session';

const BROWSER = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };

describe.each(await testDialects())('the token a browser keeps (%s)', (dialect) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function signIn(headers: Record<string, string>) {
    n += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      headers,
      payload: { nick: `tokenguest${n}${Math.random().toString(36).slice(2, 6)}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    return { token: json<{ meta: { token: string } }>(res).meta.token, cookie };
  }
  const mine = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/ignore', headers, cookies });
  const status = (res: LightMyRequestResponse) => res.statusCode;

  it('gives a browser page a token that is refused alone and accepted only with its cookie', async () => {
    const page = await signIn(BROWSER);
    expect(page.token).not.toBe(page.cookie);
    expect(page.token.startsWith('cb_')).toBe(true);
    const bearer = { authorization: `Bearer ${page.token}` };

    // Stolen from localStorage and used elsewhere: nothing.
    expect(status(await mine(bearer))).toBe(401);
    // Beside another session's cookie: nothing either.
    const other = await signIn(BROWSER);
    expect(status(await mine(bearer, { [SESSION_COOKIE]: other.cookie }))).toBe(401);
    // With its own cookie (the page itself): the cookie session.
    expect(status(await mine(bearer, { [SESSION_COOKIE]: page.cookie }))).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/user/status',
      headers: bearer,
      cookies: { [SESSION_COOKIE]: page.cookie },
      payload: { status: 'here' },
    });
    expect(write.statusCode, write.body).toBe(200);

    // Signed out: the pair is dead too.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer,
      cookies: { [SESSION_COOKIE]: page.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(status(await mine(bearer, { [SESSION_COOKIE]: page.cookie }))).toBe(401);
  });

  it('keeps a real bearer token for clients that are not browsers', async () => {
    const app = await signIn({});
    expect(app.token).toBe(app.cookie);
    expect(status(await mine({ authorization: `Bearer ${app.token}` }))).toBe(200);
  });
});
