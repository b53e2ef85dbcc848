/**
 * Issue 19, point 12 (login CSRF): a page on another site must not sign a visitor in, register
 * them or make them a guest. The XSRF rule guards only an existing cookie session, so the routes
 * that open one refuse a browser's post whose Origin or Sec-Fetch-Site says it came from
 * elsewhere. Non-browser clients send neither header and are unaffected.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { AUTH_UNSAFE_ROUTES } from './auth-routes';
import { asForm, buildWorld, expectError, observe, type Observer, type World } from './kit';

const dialects = await testDialects();

const SITE = 'https://chat.example';

/** The routes that open a session for whoever posts. */
const OPENING = [
  'POST /api/auth/guest/register',
  'POST /api/auth/register',
  'POST /api/auth/login',
];
const cases = AUTH_UNSAFE_ROUTES.filter((c) => OPENING.includes(c.route));

/** What a browser sends for a form or fetch made by a page of another site. */
const FOREIGN: [string, Record<string, string>][] = [
  ['another origin', { origin: 'https://evil.example' }],
  ['a sibling subdomain', { origin: 'https://evil.chat.example' }],
  ['the site over another scheme and port', { origin: 'http://chat.example:8443' }],
  ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ['a malformed Origin', { origin: 'not a url' }],
  ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
  ['cross-site even with the right Origin', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
];

/** What the site's own pages send. */
const OWN: [string, Record<string, string>][] = [
  ['no Origin (curl, apps, tests)', {}],
  ["the site's origin", { origin: SITE, 'sec-fetch-site': 'same-origin' }],
  // A local run reached by another name: the Origin names the host the request was sent to.
  ['the host it was sent to', { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }],
  ['same-site without Origin', { 'sec-fetch-site': 'same-site' }],
];

describe.each(dialects)('sign-in and registration from a foreign page on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  let w: World;
  beforeAll(async () => {
    // The hostile world pays an invoice with the test provider, which a public address turns off.
    t = await buildTestApp(dialect, { PUBLIC_URL: SITE, PAYMENTS_TEST_ENABLED: '1' });
    obs = await observe(t.app);
    w = await buildWorld(t.app);
  });
  afterAll(async () => t.close());

  const send = (call: InjectOptions, headers: Record<string, string>) =>
    t.app.inject({ ...call, headers: { ...(call.headers ?? {}), ...headers } });

  it('refuses each with 403 cross_site, as JSON or as a plain form, creating and signing in no one', async () => {
    expect(cases.map((c) => c.route).sort()).toEqual([...OPENING].sort());
    for (const c of cases) {
      for (const [label, headers] of FOREIGN) {
        for (const call of [c.call(w), asForm(c.call(w))]) {
          const changed = await obs.changes(async () => {
            const res = await send(call, headers);
            expectError(res, 403, 'cross_site');
            expect(res.headers['set-cookie'], `${c.route} [${label}]`).toBeUndefined();
          });
          expect(changed, `${c.route} [${label}]`).toEqual([]);
        }
      }
    }
  });

  it("still answers the site's own pages and clients that send no Origin", async () => {
    for (const c of cases) {
      for (const [label, headers] of OWN) {
        const res = await send(c.call(w), headers);
        expect(res.statusCode, `${c.route} [${label}]: ${res.body}`).toBeLessThan(300);
      }
    }
  });
});
