/**
 * Signing a device out over the real socket: the device's sockets hear `SessionEnded` and are
 * closed with 4009 at once, the account's other devices stay connected; `Notification` reaches
 * only its user. With Redis, a sign-out on node A closes a socket held by node B, even when the
 * socket was authorised through node A.
 */
import { roomChannel, userChannel, type Device, type NotificationEvent } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { collect, next, rawSocket, sleep, subscribed, waitUntil } from '../../test/pusher-clients';
import { redisAvailable } from '../../test/redis';
import { useListeningApp, useTwoNodes } from '../../test/realtime-nodes';

const sessionIdOf = async (client: Client) => {
  const res = await client.asBearer({ method: 'GET', url: '/api/my/sessions' });
  return json<{ data: Device[] }>(res).data.find((d) => d.current)!.id;
};

describe('one node', () => {
  const node = useListeningApp();
  const { socketOf } = node;

  it("closes the signed-out device's socket (4009) and not the others'", async () => {
    const user = await buildUser(node.t.app);
    const laptop = await signedIn(node.t.app, user);
    const phone = await signedIn(node.t.app, user);
    const laptopSocket = await socketOf(laptop);
    const laptopChannel = await subscribed(laptopSocket, userChannel(user.id));
    const ended = collect<{ session_id: number }>(laptopChannel, 'SessionEnded');

    // The phone by hand, to see the close code pusher-js hides.
    const raw = await rawSocket(
      `ws://127.0.0.1:${node.port}/app/${node.t.app.deps.config.secrets.pusherKey}?protocol=7`,
    );
    await waitUntil(() => raw.frames.length > 0);
    const socketId = JSON.parse(String(raw.frames[0]!.data)) as { socket_id: string };
    const auth = await phone.asBearer({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: socketId.socket_id, channel_name: userChannel(user.id) },
    });
    expect(auth.statusCode, auth.body).toBe(200);
    raw.ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: userChannel(user.id), auth: json<{ auth: string }>(auth).auth },
      }),
    );
    await waitUntil(() =>
      raw.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded'),
    );

    const phoneSession = await sessionIdOf(phone);
    const res = await laptop.asBearer({
      method: 'DELETE',
      url: `/api/my/sessions/${phoneSession}`,
    });
    expect(res.statusCode).toBe(204);
    expect(await raw.closed).toBe(4009);
    // SessionEnded came before the close, on the account's channel.
    const sessionEnded = raw.frames.find((f) => f.event === 'SessionEnded');
    expect(JSON.parse(String(sessionEnded!.data))).toEqual({ session_id: phoneSession });
    await waitUntil(() => ended.length === 1);
    expect(ended[0]).toEqual({ session_id: phoneSession });
    await sleep(150);
    expect(laptopSocket.connection.state).toBe('connected');
  });

  it('signing out all others closes every other socket (pusher-js stays down)', async () => {
    const user = await buildUser(node.t.app);
    const here = await signedIn(node.t.app, user);
    const there = await signedIn(node.t.app, user);
    const hereSocket = await socketOf(here);
    await subscribed(hereSocket, userChannel(user.id));
    const thereSocket = await socketOf(there);
    await subscribed(thereSocket, userChannel(user.id));
    const res = await here.asBearer({ method: 'DELETE', url: '/api/my/sessions' });
    expect(res.statusCode).toBe(204);
    await waitUntil(() => thereSocket.connection.state !== 'connected');
    await sleep(300);
    expect(thereSocket.connection.state).not.toBe('connected');
    expect(hereSocket.connection.state).toBe('connected');
  });

  it('Notification reaches only its user', async () => {
    const anna = await signedIn(node.t.app, await buildUser(node.t.app));
    const boris = await signedIn(node.t.app, await buildUser(node.t.app));
    const annaChannel = await subscribed(await socketOf(anna), userChannel(anna.user.id));
    const borisChannel = await subscribed(await socketOf(boris), userChannel(boris.user.id));
    const borisHeard = collect(borisChannel, 'Notification');
    const heard = next<NotificationEvent>(annaChannel, 'Notification');
    await boris.asBearer({ method: 'POST', url: `/api/friends/${anna.user.id}` });
    const event = await heard;
    expect(event.unread).toBe(1);
    expect(event.notification.data).toMatchObject({
      type: 'friend_request',
      user: { id: boris.user.id },
    });
    await sleep(150);
    expect(borisHeard).toEqual([]);
  });

  it('a mention of someone present in the room does not notify them', async () => {
    const room = await buildRoom(node.t.app);
    const suffix = Math.random().toString(36).slice(2, 6);
    const boris = await memberOf(node.t.app, room.id, { nick: `Here${suffix}` });
    const author = await memberOf(node.t.app, room.id);
    await subscribed(await socketOf(boris), roomChannel(room.id));
    const res = await author.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: `here${suffix} hi`, client_id: clientId(), mentions: [boris.user.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    await sleep(200);
    expect(await node.t.app.deps.notifications.newest(boris.user.id)).toEqual([]);
  });
});

const redisUp = await redisAvailable();

describe.runIf(redisUp)('two nodes through Redis', () => {
  const nodes = useTwoNodes();

  it('a sign-out on node A closes the socket on node B, and only that one', async () => {
    const { a, portA, portB, socketOnB } = nodes;
    const user = await buildUser(a);
    const phone = await signedIn(a, user);
    const laptop = await signedIn(a, user);
    // Authorised through A, held by B: the binding must travel to B.
    const phoneSocket = await socketOnB(phone.token, portA);
    const phoneChannel = await subscribed(phoneSocket, userChannel(user.id));
    const laptopSocket = await socketOnB(laptop.token, portB);
    await subscribed(laptopSocket, userChannel(user.id));
    const ended = next<{ session_id: number }>(phoneChannel, 'SessionEnded');
    await sleep(100); // the bind command crosses Redis

    const phoneSession = await sessionIdOf(phone);
    const res = await laptop.asBearer({
      method: 'DELETE',
      url: `/api/my/sessions/${phoneSession}`,
    });
    expect(res.statusCode).toBe(204);
    expect(await ended).toEqual({ session_id: phoneSession });
    await waitUntil(() => phoneSocket.connection.state !== 'connected');
    await sleep(200);
    expect(laptopSocket.connection.state).toBe('connected');
    expect((await phone.asBearer({ method: 'GET', url: '/api/friends' })).statusCode).toBe(401);
  });
});
