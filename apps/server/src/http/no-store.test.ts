/**
 * Issue 19, point 13: an API answer depends on who asks (a session, a token) or on the moment, so
 * no browser, proxy or CDN may keep one: every dynamic answer, errors included, says
 * `Cache-Control: no-store`; static files keep their long caching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, SAFE_ROUTES, UNSAFE_ROUTES, type World } from '../hostile/kit';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';

const dialects = await testDialects();

describe.each(dialects)('Cache-Control of dynamic answers on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { JOB_CONCURRENCY: '0' });
    w = await buildWorld(t.app);
  });
  afterAll(async () => t.close());

  it('is no-store on every GET of the API, signed in or not', async () => {
    const offenders: string[] = [];
    // Files, not answers: a sound's file never changes under its name (kept for good), and
    // /storage is static (its own long caching).
    const files = new Set(['GET /api/sounds/files/:name']);
    for (const c of SAFE_ROUTES.filter(
      (r) => !files.has(r.route) && !r.route.startsWith('GET /storage/'),
    )) {
      for (const [who, res] of [
        ['owner', await w.owner.asBrowser({ method: 'GET', url: c.url(w) })],
        ['bearer', await w.owner.asBearer({ method: 'GET', url: c.url(w) })],
        ['anonymous', await t.app.inject({ method: 'GET', url: c.url(w) })],
      ] as const) {
        if (res.headers['cache-control'] !== 'no-store')
          offenders.push(`${c.route} [${who}]: ${String(res.headers['cache-control'])}`);
      }
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
  });

  it('is no-store on the answers of every unsafe route, and on errors', async () => {
    const offenders: string[] = [];
    for (const c of UNSAFE_ROUTES) {
      // Refused for the missing XSRF header: the refusal is an answer like any other.
      const res = await t.app.inject({ ...c.call(w), cookies: { chat_session: w.owner.token } });
      if (res.headers['cache-control'] !== 'no-store')
        offenders.push(`${c.route}: ${String(res.headers['cache-control'])}`);
    }
    expect(offenders, offenders.join('\n')).toEqual([]);
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      payload: { nick: 'NoStoreGuest' },
    });
    expect(entered.statusCode).toBe(201);
    expect(entered.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/no-such-route', '/api/my/sessions', '/healthz', '/metrics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const channel = await w.owner.asBrowser({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: { socket_id: '1.1', channel_name: 'private-chat' },
    });
    expect(channel.headers['cache-control']).toBe('no-store');
  });

  it('leaves static files their own caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/static/frames/hearts.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=/);
  });
});
