import { randomBytes } from 'node:crypto';
import { CHAT_CHANNEL, roomChannel, userChannel } from '@chat/shared';
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createPostgresSchema, postgresAvailable, TEST_REDIS_URL } from '../test/databases';
import { testDialects } from '../test/databases';
import { buildUser, json, signedIn } from '../test/factories';
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
import { redisAvailable } from '../test/redis';
import { channelAuth } from './signatures';

type Channel = ReturnType<Pusher['subscribe']>;

/** One server (an app listening on a port) and what a test needs of it. */
interface Node {
  app: FastifyInstance;
  port: number;
}

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 3_600_000;

/** The kit shared by the one-node and two-node suites. */
function kit(database: () => Database, first: () => Node) {
  const clients: Pusher[] = [];
  const member = async (node = first(), role = 'user') => {
    const user = await buildUser(node.app, { role });
    const session = await signedIn(node.app, user);
    return { user, token: session.token };
  };
  const client = async (token: string | undefined, ws = first(), auth = ws): Promise<Pusher> => {
    const pusher =
      auth === ws
        ? pusherClient(ws.app.deps.config.secrets.pusherKey, ws.port, token)
        : new Pusher(ws.app.deps.config.secrets.pusherKey, {
            cluster: 'local',
            wsHost: '127.0.0.1',
            wsPort: ws.port,
            forceTLS: false,
            enabledTransports: ['ws'],
            disableStats: true,
            channelAuthorization: {
              endpoint: `http://127.0.0.1:${auth.port}/api/broadcasting/auth`,
              transport: 'ajax',
              headers: token ? { Authorization: `Bearer ${token}` } : {},
            },
          });
    clients.push(pusher);
    await connected(pusher);
    return pusher;
  };
  const roomWith = async (...userIds: number[]): Promise<string> => {
    const now = new Date().toISOString();
    const { id } = await database()
      .db.insertInto('rooms')
      .values({
        name_ru: 'Комната',
        name_en: 'Room',
        is_public: 1,
        owner_id: null,
        position: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const userId of userIds)
      await database()
        .db.insertInto('room_users')
        .values({
          room_id: id,
          user_id: userId,
          position: 1,
          state_id: 1,
          invisible: 0,
          entered_at: now,
        })
        .execute();
    return roomChannel(id);
  };
  /** What the bans service does: the user row, then the event after the commit. */
  const sanction = async (
    node: Node,
    userId: number,
    ends: { gagUntil?: string | null; banUntil?: string | null },
  ) => {
    const gagUntil = ends.gagUntil ?? null;
    const banUntil = ends.banUntil ?? null;
    await database()
      .db.updateTable('users')
      .set({ gag_until: gagUntil, ban_until: banUntil })
      .where('id', '=', userId)
      .execute();
    node.app.deps.events.emit('moderation.sanctions', { userId, gagUntil, banUntil });
  };
  const typing = (channel: Channel, userId: number) =>
    channel.trigger('client-typing', { user_id: userId, nick: 'n', typing: true });
  const errors = (pusher: Pusher) =>
    collect<{ data?: { message?: string } }>(pusher.connection, 'error');
  return { clients, member, client, roomWith, sanction, typing, errors };
}

describe.each(await testDialects())('sanctions on the socket server (%s)', (dialect) => {
  let t: TestApp;
  let node: Node;
  const k = kit(
    () => t.database,
    () => node,
  );
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    node = { app: t.app, port: (await listen(t.app)).port };
  });
  afterEach(() => k.clients.splice(0).forEach((c) => c.disconnect()));
  afterAll(async () => t.close());

  it("ends a banned user's room presence at once and refuses it afterwards", async () => {
    const anna = await k.member();
    const boris = await k.member();
    const room = await k.roomWith(anna.user.id, boris.user.id);
    const annaChannel = await subscribed(await k.client(anna.token), room);
    const borisTabs = [await k.client(boris.token), await k.client(boris.token)];
    const borisChannels = await Promise.all(borisTabs.map((tab) => subscribed(tab, room)));
    const borisChat = await subscribed(borisTabs[0]!, CHAT_CHANNEL);
    const removed = collect<{ id: string }>(annaChannel, 'pusher:member_removed');
    const told = borisChannels.map((c) =>
      collect<{ status: number }>(c, 'pusher:subscription_error'),
    );
    const afterBan = collect<unknown>(borisChannels[0]!, 'client-typing');

    await k.sanction(node, boris.user.id, { banUntil: soon(HOUR) });
    await waitUntil(() => removed.length === 1 && told.every((errors) => errors.length === 1));
    expect(removed[0]!.id).toBe(String(boris.user.id));
    expect(told.map((errors) => errors[0]!.status)).toEqual([403, 403]);
    expect(t.app.deps.realtime.localSubscriberCount(room)).toBe(1);
    expect(await t.app.deps.realtime.presentUserIds(room)).toEqual(new Set([anna.user.id]));
    // The socket stays: its other channels keep working.
    expect(borisTabs[0]!.connection.state).toBe('connected');
    expect(t.app.deps.realtime.localSubscriberCount(CHAT_CHANNEL)).toBeGreaterThan(0);
    expect(borisChat.subscribed).toBe(true);

    // The room's events no longer reach the banned user.
    annaChannel.trigger('client-typing', { typing: true });
    await sleep(200);
    expect(afterBan).toHaveLength(0);

    // A new subscription: the auth route says no (403), as for anyone not allowed in.
    await expect(subscribed(await k.client(boris.token), room)).rejects.toThrow(/403/);
  });

  it('refuses a presence subscription signed before the ban', async () => {
    const carl = await k.member();
    const room = await k.roomWith(carl.user.id);
    const { pusherKey, pusherSecret } = t.app.deps.config.secrets;
    const raw = await rawSocket(`ws://127.0.0.1:${node.port}/app/${pusherKey}?protocol=7`);
    await waitUntil(() => raw.frames.length > 0);
    const { socket_id: socketId } = JSON.parse(raw.frames[0]!.data as string) as {
      socket_id: string;
    };
    const channelData = JSON.stringify({ user_id: String(carl.user.id), user_info: {} });
    const auth = channelAuth(pusherKey, pusherSecret, socketId, room, channelData);
    // Banned after the signature was given, before the socket uses it.
    t.app.deps.events.emit('moderation.sanctions', {
      userId: carl.user.id,
      gagUntil: null,
      banUntil: soon(HOUR),
    });
    raw.ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: room, auth, channel_data: channelData },
      }),
    );
    await waitUntil(() => raw.frames.some((f) => f.event === 'pusher:subscription_error'));
    expect(raw.frames.find((f) => f.event === 'pusher:subscription_error')).toMatchObject({
      channel: room,
      data: { status: 403 },
    });
    expect(t.app.deps.realtime.localSubscriberCount(room)).toBe(0);
    raw.ws.close();
  });

  it("does not relay a gagged user's client events; others' still go, and the gag's end frees", async () => {
    const gagged = await k.member();
    const other = await k.member();
    const room = await k.roomWith(gagged.user.id, other.user.id);
    const gaggedTab = await k.client(gagged.token);
    const gaggedChannel = await subscribed(gaggedTab, room);
    const otherChannel = await subscribed(await k.client(other.token), room);
    const atOther = collect<{ user_id: number }>(otherChannel, 'client-typing');
    const atGagged = collect<{ user_id: number }>(gaggedChannel, 'client-typing');
    const refused = k.errors(gaggedTab);

    // Ends by time without any event: 400 ms from now.
    await k.sanction(node, gagged.user.id, { gagUntil: soon(400) });
    await sleep(50);
    k.typing(gaggedChannel, gagged.user.id);
    k.typing(otherChannel, other.user.id);
    await waitUntil(() => refused.length === 1 && atGagged.length === 1);
    await sleep(150);
    expect(atOther).toHaveLength(0);
    expect(refused[0]!.data?.message).toMatch(/rejected/);

    await sleep(400);
    k.typing(gaggedChannel, gagged.user.id);
    await waitUntil(() => atOther.length === 1);
    expect(refused).toHaveLength(1);
  });

  it('treats a gag whose end is past as none, and learns a gag from the user row at auth', async () => {
    const freed = await k.member();
    const quiet = await k.member();
    const other = await k.member();
    const room = await k.roomWith(freed.user.id, quiet.user.id, other.user.id);
    const otherChannel = await subscribed(await k.client(other.token), room);
    const atOther = collect<{ user_id: number }>(otherChannel, 'client-typing');

    await k.sanction(node, freed.user.id, { gagUntil: soon(-1000) });
    const freedChannel = await subscribed(await k.client(freed.token), room);
    k.typing(freedChannel, freed.user.id);
    await waitUntil(() => atOther.length === 1);

    // Gagged in the database with no event heard (as after a restart): auth reads the row.
    await t.database.db
      .updateTable('users')
      .set({ gag_until: soon(HOUR) })
      .where('id', '=', quiet.user.id)
      .execute();
    const quietTab = await k.client(quiet.token);
    const quietChannel = await subscribed(quietTab, room); // a gag still listens
    const refused = k.errors(quietTab);
    k.typing(quietChannel, quiet.user.id);
    await waitUntil(() => refused.length === 1);
    await sleep(150);
    expect(atOther.map((e) => e.user_id)).toEqual([freed.user.id]);
  });

  it('tells a troll mark only to those who may see trolls, never the troll (issue 19, point 13)', async () => {
    const troll = await k.member();
    const other = await k.member();
    const moderator = await k.member(undefined, 'moderator');
    const trollTab = await k.client(troll.token);
    const otherTab = await k.client(other.token);
    const moderatorTab = await k.client(moderator.token);
    const trollHeard = collect<unknown>(
      await subscribed(trollTab, CHAT_CHANNEL),
      'AntitrollUpdated',
    );
    const otherHeard = collect<unknown>(
      await subscribed(otherTab, CHAT_CHANNEL),
      'AntitrollUpdated',
    );
    const otherOwn = collect<unknown>(
      await subscribed(otherTab, userChannel(other.user.id)),
      'AntitrollUpdated',
    );
    const atModerator = collect<{ user_id: number; troll: boolean }>(
      await subscribed(moderatorTab, userChannel(moderator.user.id)),
      'AntitrollUpdated',
    );
    const res = await (
      await signedIn(t.app, moderator.user)
    ).asBearer({ method: 'POST', url: `/api/moderation/trolls/${troll.user.id}` });
    expect(res.statusCode).toBe(204);
    await waitUntil(() => atModerator.length === 1);
    await sleep(150);
    expect(atModerator[0]).toEqual({ user_id: troll.user.id, troll: true });
    expect([...trollHeard, ...otherHeard, ...otherOwn]).toHaveLength(0);
  });

  it("sends init's trolls only to those who may see trolls, never their own id", async () => {
    const troll = await buildUser(t.app);
    const other = await buildUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ is_troll: 1 })
      .where('id', '=', troll.id)
      .execute();
    const trollsSeenBy = async (user: typeof troll | null) => {
      const opts = { method: 'GET' as const, url: '/api/init' };
      const res = user
        ? await (await signedIn(t.app, user)).asBearer(opts)
        : await t.app.inject(opts);
      return json<{ data: { trolls: number[] } }>(res).data.trolls;
    };
    const moderator = await buildUser(t.app, { role: 'moderator' });
    expect(await trollsSeenBy(troll)).toEqual([]);
    // A troll's second account, or anyone else, learns nothing (issue 19, point 13).
    expect(await trollsSeenBy(other)).toEqual([]);
    expect(await trollsSeenBy(null)).toEqual([]);
    expect(await trollsSeenBy(moderator)).toContain(troll.id);
  });
});

const twoNodes = (await postgresAvailable()) && (await redisAvailable());

/** Two apps on one PostgreSQL schema and one Redis: the socket and the event on different nodes. */
describe.runIf(twoNodes)('sanctions across two nodes (PostgreSQL + Redis)', () => {
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let apps: TestApp[] = [];
  let a: Node;
  let b: Node;
  const k = kit(
    () => apps[0]!.database,
    () => a,
  );
  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      APP_KEY: randomBytes(32).toString('hex'),
      PUSHER_APP_ID: `t${randomBytes(4).toString('hex')}`,
      PUSHER_KEY: randomBytes(10).toString('hex'),
      PUSHER_SECRET: randomBytes(20).toString('hex'),
    };
    // One after the other: the first one migrates the shared schema.
    apps = [await buildTestApp('sqlite', env)];
    apps.push(await buildTestApp('sqlite', env));
    const listening = async (x: TestApp): Promise<Node> => ({
      app: x.app,
      port: (await listen(x.app)).port,
    });
    a = await listening(apps[0]!);
    b = await listening(apps[1]!);
  }, 60_000);
  afterEach(() => k.clients.splice(0).forEach((c) => c.disconnect()));
  afterAll(async () => {
    for (const x of apps) await x.close();
    await schema?.drop();
  });

  it('a ban heard on one node ends presence on the other; a gag refuses client events there', async () => {
    const anna = await k.member(a);
    const boris = await k.member(a);
    const room = await k.roomWith(anna.user.id, boris.user.id);
    const annaChannel = await subscribed(await k.client(anna.token, a), room);
    const borisTab = await k.client(boris.token, b);
    const borisChannel = await subscribed(borisTab, room);
    const removed = collect<{ id: string }>(annaChannel, 'pusher:member_removed');
    const atAnna = collect<unknown>(annaChannel, 'client-typing');
    const refused = k.errors(borisTab);

    await k.sanction(a, boris.user.id, { gagUntil: soon(HOUR) });
    await sleep(300);
    k.typing(borisChannel, boris.user.id);
    await waitUntil(() => refused.length === 1);

    const told = collect<{ status: number }>(borisChannel, 'pusher:subscription_error');
    await k.sanction(a, boris.user.id, { gagUntil: soon(HOUR), banUntil: soon(HOUR) });
    await waitUntil(() => removed.length === 1 && told.length === 1);
    expect(removed[0]!.id).toBe(String(boris.user.id));
    expect(b.app.deps.realtime.localSubscriberCount(room)).toBe(0);
    expect(atAnna).toHaveLength(0);
  });

  it("tells the socket's node of a sanction read at auth on another node", async () => {
    const quiet = await k.member(a);
    const other = await k.member(a);
    const room = await k.roomWith(quiet.user.id, other.user.id);
    await apps[0]!.database.db
      .updateTable('users')
      .set({ gag_until: soon(HOUR) })
      .where('id', '=', quiet.user.id)
      .execute();
    const otherChannel = await subscribed(await k.client(other.token, a), room);
    const atOther = collect<unknown>(otherChannel, 'client-typing');
    // The socket on b, its channel auth on a.
    const quietTab = await k.client(quiet.token, b, a);
    const quietChannel = await subscribed(quietTab, room);
    const refused = k.errors(quietTab);
    k.typing(quietChannel, quiet.user.id);
    await waitUntil(() => refused.length === 1);
    await sleep(150);
    expect(atOther).toHaveLength(0);
  });

  it("tells a troll mark to the seers on every node, never to the troll's sockets", async () => {
    const troll = await k.member(a);
    const seer = await k.member(a, 'moderator');
    const trollChat = await subscribed(await k.client(troll.token, b), CHAT_CHANNEL);
    const seerOnB = await subscribed(await k.client(seer.token, b), userChannel(seer.user.id));
    const atTroll = collect<unknown>(trollChat, 'AntitrollUpdated');
    const atSeer = collect<unknown>(seerOnB, 'AntitrollUpdated');
    a.app.deps.events.emit('user.troll', {
      userId: troll.user.id,
      troll: true,
      seers: [seer.user.id, troll.user.id],
    });
    await waitUntil(() => atSeer.length === 1);
    await sleep(150);
    expect(atTroll).toHaveLength(0);
  });
});
