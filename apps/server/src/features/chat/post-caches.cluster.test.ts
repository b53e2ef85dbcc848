import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { TEST_REDIS_URL } from '../../test/databases';
import { buildUser, clientOf, json, signedIn, type Client } from '../../test/factories';
import { redisAvailable } from '../../test/redis';

const redisUp = await redisAvailable();

/**
 * The post path answers who is posting and who is in the room from memory. Two apps in this
 * process over one database and one Redis, as behind a load balancer: a change made through
 * node A must reach node B's caches, long before any time-to-live would.
 */
describe.runIf(redisUp)('post path caches on two nodes through Redis', () => {
  const dataDirs: string[] = [];
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const env = {
    APP_KEY: randomBytes(32).toString('hex'),
    PUSHER_APP_ID: `t${randomBytes(4).toString('hex')}`,
    PUSHER_KEY: randomBytes(10).toString('hex'),
    PUSHER_SECRET: randomBytes(20).toString('hex'),
    REDIS_URL: TEST_REDIS_URL,
    LOG_LEVEL: 'silent' as const,
  };

  const node = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-caches-'));
    dataDirs.push(dir);
    const config = loadConfig({ ...env, DATA_DIR: dir, DATABASE_URL: 'sqlite::memory:' });
    database ??= openDatabase(config.databaseUrl);
    return buildApp(config, { database, webDist: null, logger: false });
  };

  beforeAll(async () => {
    a = await node();
    b = await node();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  const post = (who: Client, roomId: number) =>
    who.asBearer({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { text: `hello ${clientId()}`, client_id: clientId() },
    });
  /** The same person, calling node B. */
  const onB = (who: Client) => clientOf(b, who.user, who.token);
  /** Within a second: the invalidation crosses Redis; the caches' backstop is minutes. */
  const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 1000, interval: 5 });

  it('a session signed out on node A no longer posts on node B', async () => {
    const room = await buildRoom(a);
    const author = await memberOf(a, room.id);
    expect((await post(onB(author), room.id)).statusCode).toBe(201); // B caches the session

    const out = await author.asBearer({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(204);
    await soon(async () => expect((await post(onB(author), room.id)).statusCode).toBe(401));
  });

  it('leaving a room on node A: node B refuses the next post there', async () => {
    const room = await buildRoom(a);
    const author = await memberOf(a, room.id);
    expect((await post(onB(author), room.id)).statusCode).toBe(201); // B caches the roster

    const left = await author.asBrowser({ method: 'POST', url: `/api/room/${room.id}/leave` });
    expect(left.statusCode).toBeLessThan(300);
    await soon(async () => expect((await post(onB(author), room.id)).statusCode).toBe(404));
  });

  it('entering on node A lets node B take the post at once', async () => {
    const room = await buildRoom(a);
    const first = await memberOf(a, room.id);
    expect((await post(onB(first), room.id)).statusCode).toBe(201); // B caches the roster
    const late = await signedIn(a, await buildUser(a));
    expect((await post(onB(late), room.id)).statusCode).toBe(404);

    await late.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` });
    await soon(async () => expect((await post(onB(late), room.id)).statusCode).toBe(201));
  });

  it('a role given on node A shows on the author of the next message posted on node B', async () => {
    const room = await buildRoom(a);
    const author = await memberOf(a, room.id);
    const admin = await signedIn(a, await buildUser(a, { role: 'admin' }));
    const rolesOf = async () =>
      json<{ data: { user: { roles: string[] } } }>(await post(onB(author), room.id)).data.user
        .roles;
    expect(await rolesOf()).not.toContain('moderator');

    const given = await admin.asBrowser({
      method: 'POST',
      url: `/api/admin/users/${author.user.id}/role`,
      payload: { role: 'moderator' },
    });
    expect(given.statusCode).toBe(200);
    await soon(async () => expect(await rolesOf()).toContain('moderator'));
  });

  // With no wait at all: whatever B's cache still says, the message's own transaction reads the
  // sanction (message-insert.ts).
  it('a gag given on node A silences the author on node B at once', async () => {
    const room = await buildRoom(a);
    const author = await memberOf(a, room.id);
    const admin = await signedIn(a, await buildUser(a, { role: 'admin' }));
    expect((await post(onB(author), room.id)).statusCode).toBe(201);

    const gag = await admin.asBrowser({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: author.user.id, type: 'gag', period: '1h', reason: 'flood' },
    });
    expect(gag.statusCode).toBe(201);
    expect((await post(onB(author), room.id)).statusCode).toBe(403);
  });
});
