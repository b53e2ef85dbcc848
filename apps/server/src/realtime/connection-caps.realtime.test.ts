/**
 * Issue 19 point 4: one host may not hold thousands of sockets. A node takes at most
 * REALTIME_MAX_CONNECTIONS sockets, REALTIME_MAX_CONNECTIONS_PER_ADDRESS from one client address
 * (forwarded addresses count only behind a trusted proxy), and one account claims at most
 * REALTIME_MAX_SOCKETS_PER_ACCOUNT of them. Small caps set through the test app's config.
 */
import { userChannel } from '@chat/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser, signedIn } from '../test/factories';
import { connectedSocket, listen, rawSocket, waitUntil } from '../test/pusher-clients';
import { addressKey } from './connection-caps';

type Raw = Awaited<ReturnType<typeof rawSocket>>;

function harness(env: Record<string, string>) {
  const state = { t: null as unknown as TestApp, url: '' };
  const open: Raw[] = [];
  beforeAll(async () => {
    state.t = await buildTestApp('sqlite', env);
    const { port } = await listen(state.t.app);
    state.url = `ws://127.0.0.1:${port}/app/${state.t.app.deps.config.secrets.pusherKey}?protocol=7`;
  });
  afterEach(async () => {
    const closing = open.splice(0);
    closing.forEach((raw) => raw.ws.close());
    await Promise.all(closing.map((raw) => raw.closed));
    await waitUntil(() => state.t.app.deps.realtime.connectionCount === 0);
  });
  afterAll(async () => state.t.close());

  /** A socket and its first frame: connection_established, or the refusal. */
  const socket = async (headers?: Record<string, string>) => {
    const raw = await rawSocket(state.url, headers);
    open.push(raw);
    await waitUntil(() => raw.frames.length > 0);
    return raw;
  };
  const established = (raw: Raw) => raw.frames[0]!.event === 'pusher:connection_established';
  const refusedOverCapacity = async (raw: Raw) => {
    expect(raw.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4100 } });
    expect(await raw.closed).toBe(4100);
  };
  return { state, socket, established, refusedOverCapacity };
}

describe('sockets per address', () => {
  const { state, socket, established, refusedOverCapacity } = harness({
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '3',
  });

  it('refuses the fourth socket from one address with 4100, and takes one again when one closes', async () => {
    const first = [await socket(), await socket(), await socket()];
    expect(first.every(established)).toBe(true);
    await refusedOverCapacity(await socket());
    expect(state.t.app.deps.realtime.connectionCount).toBe(3);

    first[0]!.ws.close();
    await first[0]!.closed;
    await waitUntil(() => state.t.app.deps.realtime.connectionCount === 2);
    expect(established(await socket())).toBe(true);
  });

  it('ignores X-Forwarded-For when no proxy is trusted: forged addresses share one count', async () => {
    for (let i = 0; i < 3; i++)
      expect(established(await socket({ 'x-forwarded-for': `203.0.113.${i + 1}` }))).toBe(true);
    await refusedOverCapacity(await socket({ 'x-forwarded-for': '203.0.113.99' }));
  });
});

describe('sockets per address behind a trusted proxy', () => {
  const { socket, established, refusedOverCapacity } = harness({
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2',
    // One proxy in front (this test's loopback client plays it): its forwarded address counts.
    TRUST_PROXY: '1',
  });

  it('counts the forwarded client address, the right-most one the proxy wrote', async () => {
    const a = { 'x-forwarded-for': '198.51.100.7' };
    const b = { 'x-forwarded-for': '198.51.100.8' };
    expect(established(await socket(a))).toBe(true);
    expect(established(await socket(a))).toBe(true);
    await refusedOverCapacity(await socket(a));
    // A client-written entry on the left does not make a new address.
    await refusedOverCapacity(await socket({ 'x-forwarded-for': '10.9.9.9, 198.51.100.7' }));
    expect(established(await socket(b))).toBe(true);
  });
});

describe('sockets per node', () => {
  const { socket, established, refusedOverCapacity } = harness({
    REALTIME_MAX_CONNECTIONS: '4',
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
  });

  it('refuses the socket past REALTIME_MAX_CONNECTIONS with 4100', async () => {
    for (let i = 0; i < 4; i++) expect(established(await socket())).toBe(true);
    await refusedOverCapacity(await socket());
  });
});

describe('sockets per account', () => {
  const { state } = harness({ REALTIME_MAX_SOCKETS_PER_ACCOUNT: '2' });

  it('refuses the channel auth (403) for an account that holds as many sockets as it may', async () => {
    const { t } = state;
    const user = await buildUser(t.app);
    const client = await signedIn(t.app, user);
    const auth = (socketId: string) =>
      client.asBearer({
        method: 'POST',
        url: '/api/broadcasting/auth',
        payload: { socket_id: socketId, channel_name: userChannel(user.id) },
      });
    const sockets = [
      await connectedSocket(t.app),
      await connectedSocket(t.app),
      await connectedSocket(t.app),
    ];
    expect((await auth(sockets[0]!.socketId)).statusCode).toBe(200);
    expect((await auth(sockets[1]!.socketId)).statusCode).toBe(200);
    expect((await auth(sockets[2]!.socketId)).statusCode).toBe(403);
    // A socket it holds already is granted more channels.
    expect((await auth(sockets[1]!.socketId)).statusCode).toBe(200);
    // Another account is not held back by this one's sockets.
    const otherUser = await buildUser(t.app);
    const other = await signedIn(t.app, otherUser);
    const otherAuth = await other.asBearer({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: sockets[2]!.socketId, channel_name: userChannel(otherUser.id) },
    });
    expect(otherAuth.statusCode).toBe(200);

    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    const fourth = await connectedSocket(t.app);
    await waitUntil(() => t.app.deps.realtime.connectionCount === 3);
    expect((await auth(fourth.socketId)).statusCode).toBe(200);
    sockets.slice(1).forEach((s) => s.ws.close());
    fourth.ws.close();
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address, unwraps IPv4-mapped IPv6, and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::99'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
