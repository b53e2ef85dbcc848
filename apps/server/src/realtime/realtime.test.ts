import { roomChannel, userChannel } from '@chat/shared';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser, signedIn } from '../test/factories';
import {
  collect,
  connected,
  listen,
  pusherClient,
  rawSocket,
  sleep,
  subscribed,
  waitUntil,
} from '../test/pusher-clients';

interface Members {
  count: number;
  me: { id: string } | null;
  each(cb: (m: { id: string; info: { nick: string } }) => void): void;
}

let t: TestApp;
let port: number;
const clients: Pusher[] = [];

beforeAll(async () => {
  t = await buildTestApp('sqlite');
  ({ port } = await listen(t.app));
});
afterEach(() => {
  clients.splice(0).forEach((c) => c.disconnect());
});
afterAll(async () => t.close());

async function member(nick?: string, role = 'user') {
  const user = await buildUser(t.app, { ...(nick ? { nick } : {}), role });
  const session = await signedIn(t.app, user);
  return { user, token: session.token };
}

async function client(token?: string): Promise<Pusher> {
  const pusher = pusherClient(t.app.deps.config.secrets.pusherKey, port, token);
  clients.push(pusher);
  await connected(pusher);
  return pusher;
}

async function roomWith(...userIds: number[]): Promise<number> {
  const { id } = await t.database.db
    .insertInto('rooms')
    .values({
      name_ru: 'Комната',
      name_en: 'Room',
      is_public: 1,
      owner_id: null,
      position: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of userIds) {
    await t.app.deps.database.db
      .insertInto('room_users')
      .values({
        room_id: id,
        user_id: userId,
        position: 1,
        state_id: 1,
        invisible: 0,
        entered_at: new Date().toISOString(),
      })
      .execute();
  }
  return id;
}

const ids = (members: Members) => {
  const out: string[] = [];
  members.each((m) => out.push(m.id));
  return out.sort();
};

describe('connection', () => {
  it('establishes with a Pusher socket id and answers ping with pong', async () => {
    const pusher = await client();
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    await waitUntil(() => raw.frames.length > 0);
    expect(raw.frames[0]!.event).toBe('pusher:connection_established');
    expect(JSON.parse(raw.frames[0]!.data as string)).toMatchObject({ activity_timeout: 120 });
    raw.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await waitUntil(() => raw.frames.some((f) => f.event === 'pusher:pong'));
    raw.ws.close();
  });

  it('answers a WebSocket ping frame with a pong carrying its data', async () => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    const pong = new Promise<Buffer>((resolve) => raw.ws.once('pong', resolve));
    raw.ws.ping('are you there');
    expect((await pong).toString()).toBe('are you there');
    raw.ws.close();
  });

  it.each([
    ['an unknown app key', '/app/nope?protocol=7', 4001],
    ['no protocol', '/app/KEY', 4008],
    ['a bad protocol', '/app/KEY?protocol=seven', 4006],
    ['an old protocol', '/app/KEY?protocol=3', 4007],
    ['a bad path', '/app/KEY/extra?protocol=7', 4005],
  ])('closes a socket with %s', async (_label, path, code) => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}${path.replace('KEY', t.app.deps.config.secrets.pusherKey)}`,
    );
    expect(await raw.closed).toBe(code);
    expect(raw.frames[0]).toMatchObject({ event: 'pusher:error', data: { code } });
  });
});

describe('channels', () => {
  it('lets anyone on common and refuses unknown public channels', async () => {
    const pusher = await client();
    await subscribed(pusher, 'common');
    await expect(subscribed(pusher, 'random-public')).rejects.toThrow(/AuthError/);
  });

  it('lets a guest on private-chat and on its own user channel only', async () => {
    const guest = await member(undefined, 'guest');
    const other = await member();
    const pusher = await client(guest.token);
    await subscribed(pusher, 'private-chat');
    await subscribed(pusher, userChannel(guest.user.id));
    await expect(subscribed(pusher, userChannel(other.user.id))).rejects.toThrow(/403/);
  });

  it('refuses private channels without a session', async () => {
    const pusher = await client();
    await expect(subscribed(pusher, 'private-chat')).rejects.toThrow(/401/);
  });

  it('refuses a forged auth string', async () => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    await waitUntil(() => raw.frames.length > 0);
    const key = t.app.deps.config.secrets.pusherKey;
    raw.ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: 'private-chat', auth: `${key}:${'0'.repeat(64)}` },
      }),
    );
    raw.ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: 'private-chat', auth: { not: 'a string' } },
      }),
    );
    await waitUntil(
      () => raw.frames.filter((f) => f.event === 'pusher:subscription_error').length === 2,
    );
    expect(t.app.deps.realtime.localSubscriberCount('private-chat')).toBe(0);
    raw.ws.close();
  });

  it('keeps a presence room to its members, counted per user', async () => {
    const anna = await member('Anna');
    const boris = await member('Boris');
    const stranger = await member('Stranger');
    const room = roomChannel(await roomWith(anna.user.id, boris.user.id));

    const annaTab = await client(anna.token);
    const annaChannel = await subscribed(annaTab, room);
    expect(ids((annaChannel as unknown as { members: Members }).members)).toEqual([
      String(anna.user.id),
    ]);

    const added = collect<{ id: string }>(annaChannel, 'pusher:member_added');
    const removed = collect<{ id: string }>(annaChannel, 'pusher:member_removed');
    const borisTab1 = await client(boris.token);
    const borisChannel = await subscribed(borisTab1, room);
    expect(ids((borisChannel as unknown as { members: Members }).members)).toEqual(
      [String(anna.user.id), String(boris.user.id)].sort(),
    );
    await waitUntil(() => added.length === 1);
    expect(added[0]!.id).toBe(String(boris.user.id));

    // A second tab adds no one; closing one of two tabs removes no one.
    const borisTab2 = await client(boris.token);
    await subscribed(borisTab2, room);
    borisTab1.disconnect();
    await sleep(300);
    expect(added).toHaveLength(1);
    expect(removed).toHaveLength(0);
    borisTab2.disconnect();
    await waitUntil(() => removed.length === 1);
    expect(removed[0]!.id).toBe(String(boris.user.id));

    const strangerTab = await client(stranger.token);
    await expect(subscribed(strangerTab, room)).rejects.toThrow(/403/);
  });
});

describe('client events', () => {
  it('reach the others, not the sender, and are limited to 10 a second', async () => {
    const a = await member();
    const b = await member();
    const room = roomChannel(await roomWith(a.user.id, b.user.id));
    const aTab = await client(a.token);
    const bTab = await client(b.token);
    const aChannel = await subscribed(aTab, room);
    const bChannel = await subscribed(bTab, room);
    const atA = collect<{ typing: boolean }>(aChannel, 'client-typing');
    const atB = collect<{ typing: boolean }>(bChannel, 'client-typing');
    const errors = collect<{ data?: { code?: number } }>(aTab.connection, 'error');

    for (let i = 0; i < 15; i++)
      aChannel.trigger('client-typing', { user_id: a.user.id, nick: 'a', typing: true });
    await waitUntil(() => errors.length > 0 && atB.length >= 10);
    await sleep(200);
    expect(atB).toHaveLength(10);
    expect(atA).toHaveLength(0);
    expect(errors.some((e) => e.data?.code === 4301)).toBe(true);
  });

  it('are refused on channels the socket is not in, and on public channels', async () => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'common' } }));
    raw.ws.send(JSON.stringify({ event: 'client-x', channel: 'common', data: {} }));
    raw.ws.send(JSON.stringify({ event: 'client-x', channel: 'private-chat', data: {} }));
    await waitUntil(() => raw.frames.filter((f) => f.event === 'pusher:error').length === 2);
    raw.ws.close();
  });
});

describe('publishing through the official pusher library', () => {
  const server = () =>
    new PusherServer({
      appId: t.app.deps.config.secrets.pusherAppId,
      key: t.app.deps.config.secrets.pusherKey,
      secret: t.app.deps.config.secrets.pusherSecret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });

  it('triggers events, single and batched, and excludes a socket ("to others")', async () => {
    const one = await client();
    const two = await client();
    const c1 = await subscribed(one, 'common');
    const c2 = await subscribed(two, 'common');
    const got1 = collect<{ n: number }>(c1, 'Ping');
    const got2 = collect<{ n: number }>(c2, 'Ping');
    const res = await server().trigger('common', 'Ping', { n: 1 });
    expect(res.status).toBe(200);
    await server().trigger('common', 'Ping', { n: 2 }, { socket_id: one.connection.socket_id });
    await server().triggerBatch([{ channel: 'common', name: 'Ping', data: { n: 3 } }]);
    await waitUntil(() => got2.length === 3);
    await sleep(100);
    expect(got1.map((e) => e.n)).toEqual([1, 3]);
    expect(got2.map((e) => e.n)).toEqual([1, 2, 3]);
  });

  it('refuses a wrong secret, a stale timestamp and a tampered body', async () => {
    const { pusherAppId, pusherKey } = t.app.deps.config.secrets;
    const bad = new PusherServer({
      appId: pusherAppId,
      key: pusherKey,
      secret: 'wrong-secret',
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(bad.trigger('common', 'Ping', {})).rejects.toMatchObject({ status: 401 });
    const path = `/apps/${pusherAppId}/events`;
    const stale = await t.app.inject({
      method: 'POST',
      url: `${path}?auth_key=${pusherKey}&auth_timestamp=1353088179&auth_version=1.0&body_md5=x&auth_signature=${'a'.repeat(64)}`,
      payload: { name: 'x', channel: 'common', data: '{}' },
    });
    expect(stale.statusCode).toBe(401);
  });
});

describe('hostile sockets', () => {
  it('answers malformed and unknown frames with errors and keeps the socket', async () => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    raw.ws.send('{not json');
    raw.ws.send(JSON.stringify({ event: 'pusher:unknown', data: {} }));
    raw.ws.send(JSON.stringify(['array']));
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'x'.repeat(200) } }));
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: '__proto__' } }));
    await waitUntil(
      () => raw.frames.filter((f) => String(f.event).startsWith('pusher:')).length >= 6,
    );
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
    raw.ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    await waitUntil(() => raw.frames.some((f) => f.event === 'pusher:pong'));
    raw.ws.close();
  });

  it('closes a socket that sends a 1 MB frame', async () => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    raw.ws.send(JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(1024 * 1024) }));
    expect(await raw.closed).toBe(1009);
  });

  it('closes a socket that floods subscribe calls, and caps channels per socket', async () => {
    const raw = await rawSocket(
      `ws://127.0.0.1:${port}/app/${t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    for (let i = 0; i < 5000; i++)
      raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'common' } }));
    expect(await raw.closed).toBe(4100);
    await waitUntil(() => t.app.deps.realtime.localSubscriberCount('common') === 0);
  });
});
