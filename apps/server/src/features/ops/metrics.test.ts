/**
 * Issue 19, point 13: /metrics (the route list, traffic, memory) is not for the public. Without
 * METRICS_TOKEN it answers only a caller on this machine that no proxy passed on; with one, only
 * the bearer of the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

const TOKEN = 'metrics-token-0123456789';

describe('/metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await buildTestApp('sqlite', { TRUST_PROXY: 'true' });
    guarded = await buildTestApp('sqlite', { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  const get = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('without a token, answers a scraper on this machine only', async () => {
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get(open, local);
      expect(res.statusCode, local).toBe(200);
      expect(res.body).toContain('http_request_duration_seconds');
    }
    for (const remote of ['203.0.113.5', '10.0.0.2', '::ffff:203.0.113.5'])
      expectError(await get(open, remote), 404, 'not_found');
    // A local reverse proxy passing on someone from outside, however it says so.
    expectError(await get(open, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }), 404);
    expectError(await get(open, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }), 404);
    expectError(await get(open, '127.0.0.1', { forwarded: 'for=203.0.113.5' }), 404);
  });

  it('with a token, answers its bearer from anywhere and no one else', async () => {
    const res = await get(guarded, '203.0.113.5', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expectError(await get(guarded, '203.0.113.5'), 401, 'unauthenticated');
    expectError(await get(guarded, '127.0.0.1'), 401, 'unauthenticated');
    expectError(
      await get(guarded, '127.0.0.1', { authorization: `Bearer ${TOKEN}x` }),
      401,
      'unauthenticated',
    );
  });
});
