import { randomBytes } from 'node:crypto';
import { roomChannel } from '@chat/shared';
import pg from 'pg';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema, postgresAvailable } from '../test/databases';
import {
  collect,
  connected,
  pusherClient,
  sleep,
  subscribed,
  waitUntil,
} from '../test/pusher-clients';
import { redisAvailable } from '../test/redis';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { TEST_REDIS_URL } from '../test/databases';

const available = (await postgresAvailable()) && (await redisAvailable());
if (!available && process.env.CI === 'true')
  throw new Error('the cluster test needs PostgreSQL and Redis on CI');

interface Members {
  each(cb: (m: { id: string }) => void): void;
}
const ids = (channel: unknown) => {
  const out: string[] = [];
  (channel as { members: Members }).members.each((m) => out.push(m.id));
  return out.sort();
};

/**
 * Two server processes sharing one PostgreSQL database and one Redis: what a site looks like
 * behind a load balancer. Delivery, presence and "to others" must hold across them, and a node
 * that dies must not leave ghosts in the member lists.
 */
describe.runIf(available)('two nodes on PostgreSQL + Redis', () => {
  const secrets = {
    APP_KEY: randomBytes(32).toString('hex'),
    PUSHER_APP_ID: `t${randomBytes(4).toString('hex')}`,
    PUSHER_KEY: randomBytes(10).toString('hex'),
    PUSHER_SECRET: randomBytes(20).toString('hex'),
  };
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = {
      ...secrets,
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      REALTIME_NODE_TIMEOUT_MS: '3000',
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 60_000);

  afterAll(async () => {
    clients.forEach((c) => c.disconnect());
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
  });

  async function register(
    node: ServerProcess,
    nick: string,
  ): Promise<{ id: number; token: string }> {
    const res = await fetch(`${node.url}/api/auth/guest/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nick }),
    });
    const body = (await res.json()) as { data: { user: { id: number } }; meta: { token: string } };
    return { id: body.data.user.id, token: body.meta.token };
  }

  async function client(node: ServerProcess, token?: string): Promise<Pusher> {
    const pusher = pusherClient(secrets.PUSHER_KEY, node.port, token);
    clients.push(pusher);
    await connected(pusher);
    return pusher;
  }

  async function roomWith(...userIds: number[]): Promise<number> {
    const db = new pg.Client({ connectionString: schema.url.split('?')[0] });
    await db.connect();
    const search = new URL(schema.url).searchParams.get('schema')!;
    await db.query(`set search_path to ${search}`);
    const now = new Date().toISOString();
    const { rows } = await db.query<{ id: number }>(
      `insert into rooms (name_ru, name_en, is_public, position, created_at) values ('Кластер', 'Cluster', 1, 1, $1) returning id`,
      [now],
    );
    const roomId = rows[0]!.id;
    for (const userId of userIds) {
      await db.query(
        `insert into room_users (room_id, user_id, position, entered_at) values ($1, $2, 1, $3)`,
        [roomId, userId, now],
      );
    }
    await db.end();
    return roomId;
  }

  const publisher = (node: ServerProcess) =>
    new PusherServer({
      appId: secrets.PUSHER_APP_ID,
      key: secrets.PUSHER_KEY,
      secret: secrets.PUSHER_SECRET,
      host: '127.0.0.1',
      port: String(node.port),
      useTLS: false,
    });

  it('delivers an event published on one node to subscribers on both, once, and honours "to others"', async () => {
    const onA = await client(a);
    const onB1 = await client(b);
    const onB2 = await client(b);
    const seen = await Promise.all(
      [onA, onB1, onB2].map(async (p) =>
        collect<{ n: number }>(await subscribed(p, 'common'), 'Hello'),
      ),
    );
    await publisher(a).trigger('common', 'Hello', { n: 1 });
    await publisher(a).trigger(
      'common',
      'Hello',
      { n: 2 },
      { socket_id: onB1.connection.socket_id },
    );
    await waitUntil(() => seen[2]!.length === 2 && seen[0]!.length === 2);
    await sleep(300);
    expect(seen.map((s) => s.map((e) => e.n))).toEqual([[1, 2], [1], [1, 2]]);
  });

  it('keeps one member list across nodes and removes the members of a node that dies', async () => {
    const anna = await register(a, `Anna${randomBytes(2).toString('hex')}`);
    const boris = await register(b, `Boris${randomBytes(2).toString('hex')}`);
    const room = roomChannel(await roomWith(anna.id, boris.id));

    const annaTab = await client(a, anna.token);
    const annaChannel = await subscribed(annaTab, room);
    const added = collect<{ id: string }>(annaChannel, 'pusher:member_added');
    const removed = collect<{ id: string }>(annaChannel, 'pusher:member_removed');

    const borisTab1 = await client(b, boris.token);
    const borisChannel = await subscribed(borisTab1, room);
    expect(ids(borisChannel)).toEqual([String(anna.id), String(boris.id)].sort());
    await waitUntil(() => added.length === 1);
    expect(ids(annaChannel)).toEqual(ids(borisChannel));

    // A second tab of Boris on the other node: still one member.
    const borisTab2 = await client(a, boris.token);
    await subscribed(borisTab2, room);
    await sleep(300);
    expect(added).toHaveLength(1);

    // Client events cross nodes too.
    const typing = collect<{ typing: boolean }>(borisChannel, 'client-typing');
    annaChannel.trigger('client-typing', { user_id: anna.id, nick: 'Anna', typing: true });
    await waitUntil(() => typing.length === 1);

    // Boris's tab on node A closes: he is still on node B, so nobody leaves.
    borisTab2.disconnect();
    await sleep(500);
    expect(removed).toHaveLength(0);

    // Node B dies without a word: its members go within the node timeout (3 s here, 30 s default).
    await b.stop('SIGKILL');
    await waitUntil(() => removed.length === 1, 15_000);
    expect(removed[0]!.id).toBe(String(boris.id));
    expect(ids(annaChannel)).toEqual([String(anna.id)]);
  }, 30_000);
});
