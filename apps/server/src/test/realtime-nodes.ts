import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher-js';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { TEST_REDIS_URL } from './databases';
import { buildTestApp, type TestApp } from './build-test-app';
import type { Client } from './factories';
import { connected, listen, pusherClient } from './pusher-clients';

export interface TwoNodes {
  /** Node A and node B, listening, over one SQLite database and one Redis. */
  a: FastifyInstance;
  b: FastifyInstance;
  portA: number;
  portB: number;
  /** A pusher-js socket on node B whose channel auth goes to `authPort` (A or B). */
  socketOnB: (token: string, authPort: number) => Promise<Pusher>;
}

/**
 * Two apps in this process over one database and one Redis, as behind a load balancer: the
 * socket and the HTTP calls land on different nodes. Call inside a `describe`; the nodes start
 * before its tests and stop after them (the fields are filled in `beforeAll`).
 */
export function useTwoNodes(): TwoNodes {
  const dataDirs: string[] = [];
  const sockets: Pusher[] = [];
  let database: Database | undefined;
  const env = {
    APP_KEY: randomBytes(32).toString('hex'),
    PUSHER_APP_ID: `t${randomBytes(4).toString('hex')}`,
    PUSHER_KEY: randomBytes(10).toString('hex'),
    PUSHER_SECRET: randomBytes(20).toString('hex'),
    REDIS_URL: TEST_REDIS_URL,
    LOG_LEVEL: 'silent' as const,
  };
  const node = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-nodes-'));
    dataDirs.push(dir);
    const config = loadConfig({ ...env, DATA_DIR: dir, DATABASE_URL: 'sqlite::memory:' });
    database ??= openDatabase(config.databaseUrl);
    const app = await buildApp(config, { database, webDist: null, logger: false });
    return { app, port: (await listen(app)).port };
  };
  const nodes = {
    socketOnB: async (token: string, authPort: number) => {
      const pusher = new Pusher(env.PUSHER_KEY, {
        cluster: 'local',
        wsHost: '127.0.0.1',
        wsPort: nodes.portB,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          endpoint: `http://127.0.0.1:${authPort}/api/broadcasting/auth`,
          transport: 'ajax',
          headers: { Authorization: `Bearer ${token}` },
        },
      });
      sockets.push(pusher);
      await connected(pusher);
      return pusher;
    },
  } as TwoNodes;
  beforeAll(async () => {
    ({ app: nodes.a, port: nodes.portA } = await node());
    ({ app: nodes.b, port: nodes.portB } = await node());
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await nodes.a?.close();
    await nodes.b?.close();
    await database?.close();
    dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  return nodes;
}

export interface ListeningApp {
  /** The test app, listening on `port` (filled in `beforeAll`). */
  t: TestApp;
  port: number;
  /** A pusher-js socket signed in with the client's bearer token, connected. */
  socketOf: (client: Client) => Promise<Pusher>;
}

/**
 * One node listening on a free port, on SQLite: what the realtime tests of a single process
 * need. Call inside a `describe`; the sockets it made are disconnected after its tests.
 */
export function useListeningApp(): ListeningApp {
  const sockets: Pusher[] = [];
  const node = {
    socketOf: async (client: Client) => {
      const pusher = pusherClient(
        node.t.app.deps.config.secrets.pusherKey,
        node.port,
        client.token,
      );
      sockets.push(pusher);
      await connected(pusher);
      return pusher;
    },
  } as ListeningApp;
  beforeAll(async () => {
    node.t = await buildTestApp('sqlite');
    ({ port: node.port } = await listen(node.t.app));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await node.t?.close();
  });
  return node;
}
