/**
 * Issue 19, point 9: behind a proxy the client address is the one the trusted proxies saw, never
 * the left-most X-Forwarded-For entry, which the client writes itself.
 */
import type { Device } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRateLimited } from '../hostile/kit';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { testDialects } from '../test/databases';
import { json } from '../test/factories';

const dialects = await testDialects();

const PROXY = '10.0.0.2';
const REGISTER_LIMIT = 3;

interface SignedInAnswer {
  meta: { token: string };
}

describe.each(dialects)('client addresses behind a proxy on %s', (dialect) => {
  let oneHop: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    // `true` is one hop: the entry the proxy itself appended.
    oneHop = await buildTestApp(dialect, {
      TRUST_PROXY: 'true',
      REGISTER_RATE_LIMIT: String(REGISTER_LIMIT),
    });
    listed = await buildTestApp(dialect, { TRUST_PROXY: '10.0.0.0/8, 192.168.0.0/16' });
  });
  afterAll(async () => {
    await oneHop.close();
    await listed.close();
  });

  let n = 0;
  /** A guest registration from `remoteAddress`, carrying `forwarded` as X-Forwarded-For. */
  const register = (t: TestApp, remoteAddress: string, forwarded?: string) => {
    n += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/guest/register',
      payload: { nick: `Proxied${n}x${Math.random().toString(36).slice(2, 6)}` },
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    });
  };

  /** The address the device list shows for the session `res` opened. */
  const shownAddress = async (t: TestApp, res: Awaited<ReturnType<typeof register>>) => {
    expect(res.statusCode, res.body).toBe(201);
    const token = json<SignedInAnswer>(res).meta.token;
    const devices = await t.app.inject({
      method: 'GET',
      url: '/api/my/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    return json<{ data: Device[] }>(devices).data.find((d) => d.current)?.ip;
  };

  it('keys the registration limit on the address the proxy saw, whatever the client forges in front', async () => {
    const client = '203.0.113.7';
    for (let i = 0; i < REGISTER_LIMIT; i++)
      expect((await register(oneHop, PROXY, `6.6.6.${i}, ${client}`)).statusCode).toBe(201);
    // A new forged left-most address each time is still the same client.
    expectRateLimited(await register(oneHop, PROXY, `6.6.6.99, ${client}`), 600);
    // Another real client behind the same proxy is not affected.
    expect((await register(oneHop, PROXY, `6.6.6.99, 203.0.113.8`)).statusCode).toBe(201);
  });

  it('shows the device list the address the proxy saw, not the forged one', async () => {
    const res = await register(oneHop, PROXY, '6.6.6.6, 198.51.100.20');
    expect(await shownAddress(oneHop, res)).toBe('198.51.100.20');
  });

  it('with a list of proxies, believes only the hops they append', async () => {
    // Two trusted proxies in a row: the first address neither of them is.
    expect(
      await shownAddress(
        listed,
        await register(listed, PROXY, '6.6.6.6, 198.51.100.30, 192.168.1.1'),
      ),
    ).toBe('198.51.100.30');
    // A caller that is no proxy of ours: its header is ignored.
    expect(await shownAddress(listed, await register(listed, '198.51.100.31', '6.6.6.6'))).toBe(
      '198.51.100.31',
    );
  });
});
