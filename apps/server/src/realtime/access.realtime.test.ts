/**
 * Who hears what, over real sockets (pusher-js and raw ones): invisible members stay hidden
 * from those who may not see them, leaving a room or a session ends what it granted, a full ban
 * closes the person's sockets, and a signature is given only for a socket that is connected now
 * and not another account's. The last part runs again across two nodes through Redis.
 */
import { roomChannel, userChannel, type ChatMessage } from '@chat/shared';
import { describe, expect, it, vi } from 'vitest';
import { buildRoom, clientId, memberOf } from '../test/chat-fixtures';
import { buildUser, json, signedIn, TEST_PASSWORD, type Client } from '../test/factories';
import { collect, connectedSocket, sleep, subscribed, waitUntil } from '../test/pusher-clients';
import { redisAvailable } from '../test/redis';
import { useListeningApp, useTwoNodes } from '../test/realtime-nodes';

interface Members {
  each(cb: (m: { id: string; info: { nick?: string; invisible?: boolean } }) => void): void;
}
const memberIds = (channel: unknown) => {
  const out: number[] = [];
  (channel as { members: Members }).members.each((m) => out.push(Number(m.id)));
  return out.sort((a, b) => a - b);
};

describe('one node', () => {
  const node = useListeningApp();
  const { socketOf } = node;
  const setVisible = (client: Client, roomId: number, visible: boolean) =>
    client.asBearer({
      method: 'PATCH',
      url: `/api/room/${roomId}/visibility`,
      payload: { visibility: visible },
    });

  it('hides an invisible member from members and events, shows them to an admin, and brings them back', async () => {
    const room = await buildRoom(node.t.app);
    const ghost = await memberOf(node.t.app, room.id, { role: 'moderator' });
    const viewer = await memberOf(node.t.app, room.id);
    const admin = await memberOf(node.t.app, room.id, { role: 'admin' });
    expect((await setVisible(ghost, room.id, false)).statusCode).toBe(200);

    const viewerRoom = await subscribed(await socketOf(viewer), roomChannel(room.id));
    const adminRoom = await subscribed(await socketOf(admin), roomChannel(room.id));
    const viewerAdded = collect<{ id: string }>(viewerRoom, 'pusher:member_added');
    const adminAdded = collect<{ id: string }>(adminRoom, 'pusher:member_added');
    const viewerTyping = collect(viewerRoom, 'client-typing');
    const adminTyping = collect<{ user_id: number; nick: string }>(adminRoom, 'client-typing');
    const viewerStatus = collect(viewerRoom, 'UserStatusUpdated');
    const adminStatus = collect(adminRoom, 'UserStatusUpdated');

    const ghostRoom = await subscribed(await socketOf(ghost), roomChannel(room.id));
    await waitUntil(() => adminAdded.length === 1);
    expect(Number(adminAdded[0]!.id)).toBe(ghost.user.id);
    expect(memberIds(ghostRoom)).toEqual([ghost.user.id, viewer.user.id, admin.user.id]);

    // Typing and a new status reach the admin only; the nick is the server's, not the client's.
    (ghostRoom as unknown as { trigger(e: string, d: unknown): boolean }).trigger('client-typing', {
      user_id: viewer.user.id,
      nick: 'SYSTEM: go to evil.example',
      typing: true,
    });
    await waitUntil(() => adminTyping.length === 1);
    expect(adminTyping[0]).toEqual({ user_id: ghost.user.id, nick: ghost.user.nick, typing: true });
    const status = await ghost.asBearer({
      method: 'POST',
      url: '/api/user/status',
      payload: { status: 'here' },
    });
    expect(status.statusCode, status.body).toBeLessThan(300);
    await waitUntil(() => adminStatus.length === 1);

    await sleep(150);
    expect(viewerAdded).toEqual([]);
    expect(viewerTyping).toEqual([]);
    expect(viewerStatus).toEqual([]);
    expect(memberIds(viewerRoom)).toEqual([viewer.user.id, admin.user.id]);
    expect(memberIds(adminRoom)).toEqual([ghost.user.id, viewer.user.id, admin.user.id]);

    // Visible again: the others see the member arrive, with the entry to list them by.
    const visibility = collect<{ user: { id: number } }>(viewerRoom, 'UserVisibilityUpdated');
    expect((await setVisible(ghost, room.id, true)).statusCode).toBe(200);
    await waitUntil(() => viewerAdded.length === 1 && visibility.length === 1);
    expect(Number(viewerAdded[0]!.id)).toBe(ghost.user.id);
    expect(visibility[0]!.user.id).toBe(ghost.user.id);
    expect(memberIds(viewerRoom)).toEqual([ghost.user.id, viewer.user.id, admin.user.id]);
  });

  it('keeps a hidden member hidden when they change state, go invisible again or leave', async () => {
    const room = await buildRoom(node.t.app);
    const ghost = await memberOf(node.t.app, room.id, { role: 'moderator' });
    const viewer = await memberOf(node.t.app, room.id);
    const admin = await memberOf(node.t.app, room.id, { role: 'admin' });
    await subscribed(await socketOf(ghost), roomChannel(room.id));
    const viewerRoom = await subscribed(await socketOf(viewer), roomChannel(room.id));
    const adminRoom = await subscribed(await socketOf(admin), roomChannel(room.id));
    const seen = (channel: unknown) => {
      const events: string[] = [];
      (channel as { bind_global(cb: (e: string, d: unknown) => void): void }).bind_global(
        (event, data) => {
          const about = (data as { user_id?: unknown; id?: unknown }) ?? {};
          if (Number(about.user_id ?? about.id) === ghost.user.id) events.push(event);
        },
      );
      return events;
    };
    const viewerSaw = seen(viewerRoom);
    const adminSaw = seen(adminRoom);

    expect((await setVisible(ghost, room.id, false)).statusCode).toBe(200);
    await waitUntil(() => viewerSaw.includes('pusher:member_removed'));
    // Asking again changes nothing and tells nobody.
    expect((await setVisible(ghost, room.id, false)).statusCode).toBe(200);
    const state = await ghost.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/state`,
      payload: { state_id: 2 },
    });
    expect(state.statusCode, state.body).toBeLessThan(300);
    expect(
      (await ghost.asBearer({ method: 'POST', url: `/api/room/${room.id}/leave` })).statusCode,
    ).toBe(204);
    await waitUntil(() => adminSaw.filter((e) => e === 'UserRoomStateUpdated').length === 2);
    await sleep(150);
    // The others saw the member leave once, as if gone; never why, nor anything after.
    expect(viewerSaw).toEqual(['UserRoomStateUpdated', 'pusher:member_removed']);
    expect(adminSaw).toEqual([
      'UserVisibilityUpdated',
      'UserRoomStateUpdated',
      'UserRoomStateUpdated',
      'pusher:member_removed',
    ]);
  });

  it('stops a socket hearing a private room the moment its person leaves it', async () => {
    const owner = await signedIn(node.t.app, await buildUser(node.t.app));
    const room = await buildRoom(node.t.app, { is_public: 0, owner_id: owner.user.id });
    await owner.asBearer({ method: 'POST', url: `/api/room/${room.id}/enter` });
    const guest = await signedIn(node.t.app, await buildUser(node.t.app));
    const invite = await owner.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/invite`,
      payload: { user_id: guest.user.id },
    });
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    expect(
      (await guest.asBearer({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
    ).toBe(200);
    const guestRoom = await subscribed(await socketOf(guest), roomChannel(room.id));
    const heard = collect<ChatMessage>(guestRoom, 'MessageStored');

    const left = await guest.asBearer({ method: 'POST', url: `/api/room/${room.id}/leave` });
    expect(left.statusCode).toBe(204);
    expect(node.t.app.deps.realtime.localSubscriberCount(roomChannel(room.id))).toBe(0);
    const posted = await owner.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'after you left', client_id: clientId() },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await sleep(200);
    expect(heard).toEqual([]);
  });

  it('closes every socket of a person given a full ban', async () => {
    const target = await signedIn(node.t.app, await buildUser(node.t.app));
    const admin = await signedIn(node.t.app, await buildUser(node.t.app, { role: 'admin' }));
    const socket = await socketOf(target);
    await subscribed(socket, userChannel(target.user.id));
    const res = await admin.asBearer({
      method: 'POST',
      url: '/api/moderation/bans',
      payload: { user_id: target.user.id, type: 'full_ban', period: 'forever', reason: 'spam' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await waitUntil(() => socket.connection.state !== 'connected');
    await sleep(300);
    expect(socket.connection.state).not.toBe('connected');
  });

  it('signs only a socket connected now and not claimed by another account (403)', async () => {
    const anna = await signedIn(node.t.app, await buildUser(node.t.app));
    const boris = await signedIn(node.t.app, await buildUser(node.t.app));
    const ask = (client: Client, socketId: string, channel: string) =>
      client.asBearer({
        method: 'POST',
        url: '/api/broadcasting/auth',
        payload: { socket_id: socketId, channel_name: channel },
      });
    // An id that no socket holds: a future one cannot be signed in advance.
    expect((await ask(anna, '1.2', 'private-chat')).statusCode).toBe(403);
    const socket = await connectedSocket(node.t.app);
    expect(socket.socketId).toMatch(/^\d+\.\d{6,20}$/);
    expect((await ask(anna, socket.socketId, 'private-chat')).statusCode).toBe(200);
    // Another account may not take the socket, nor sign in with it, nor close it.
    expect((await ask(boris, socket.socketId, 'private-chat')).statusCode).toBe(403);
    expect((await ask(boris, socket.socketId, userChannel(boris.user.id))).statusCode).toBe(403);
    const signin = await boris.asBearer({
      method: 'POST',
      url: '/broadcasting/user-auth',
      payload: { socket_id: socket.socketId },
    });
    expect(signin.statusCode).toBe(403);
    // Boris signed out from elsewhere (his sockets close): Anna's socket was never his.
    const borisSession = json<{ data: { id: number; current: boolean }[] }>(
      await boris.asBearer({ method: 'GET', url: '/api/my/sessions' }),
    ).data.find((d) => d.current)!.id;
    expect(
      (await boris.asBearer({ method: 'DELETE', url: `/api/my/sessions/${borisSession}` }))
        .statusCode,
    ).toBe(204);
    await sleep(100);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.ws.close();
  });

  it('takes back a grant whose session ended while the request was under way', async () => {
    const user = await buildUser(node.t.app);
    const thief = await signedIn(node.t.app, user);
    const socket = await connectedSocket(node.t.app);
    const claims = node.t.app.deps.realtime.claims;
    const claim = claims.claim.bind(claims);
    // The password changes between the session read and the claim (a body held back).
    const spy = vi.spyOn(claims, 'claim').mockImplementation(async (...args) => {
      await node.t.app.deps.database.db
        .deleteFrom('sessions')
        .where('user_id', '=', user.id)
        .execute();
      return claim(...args);
    });
    const res = await thief.asBearer({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: socket.socketId, channel_name: userChannel(user.id) },
    });
    spy.mockRestore();
    expect(res.statusCode).toBe(403);
    // The grant was taken back with the socket: nothing of the account reaches it.
    expect(await socket.closed).toBe(4009);
  });

  it('ends a signed-out session’s subscriptions; its old signature opens nothing again', async () => {
    const user = await buildUser(node.t.app);
    const session = await signedIn(node.t.app, user);
    const other = await signedIn(node.t.app, await buildUser(node.t.app));
    const socket = await connectedSocket(node.t.app);
    const channel = userChannel(user.id);
    const auth = await session.asBearer({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: socket.socketId, channel_name: channel },
    });
    const signature = json<{ auth: string }>(auth).auth;
    const subscribe = () =>
      socket.ws.send(
        JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: signature } }),
      );
    subscribe();
    await waitUntil(() =>
      socket.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded'),
    );

    expect((await session.asBearer({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
      204,
    );
    expect(node.t.app.deps.realtime.localSubscriberCount(channel)).toBe(0);
    // The tab that signed itself out keeps its socket (public channel, next sign-in).
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    subscribe();
    await waitUntil(() => socket.frames.some((f) => f.event === 'pusher:subscription_error'));
    expect(node.t.app.deps.realtime.localSubscriberCount(channel)).toBe(0);
    // Nothing for the account reaches it any more.
    const before = socket.frames.length;
    await other.asBearer({ method: 'POST', url: `/api/friends/${user.id}` });
    await sleep(200);
    expect(socket.frames.slice(before).filter((f) => f.channel === channel)).toEqual([]);
    socket.ws.close();
  });

  it('a password change closes the sockets of every other session of the account', async () => {
    const user = await buildUser(node.t.app);
    const stolen = await signedIn(node.t.app, user);
    const owner = await signedIn(node.t.app, user);
    const thief = await socketOf(stolen);
    await subscribed(thief, userChannel(user.id));
    const res = await owner.asBearer({
      method: 'POST',
      url: '/api/my/password',
      payload: {
        password: TEST_PASSWORD,
        new_password: 'another-password-1',
        new_password_confirmation: 'another-password-1',
      },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await waitUntil(() => thief.connection.state !== 'connected');
    expect(node.t.app.deps.realtime.localSubscriberCount(userChannel(user.id))).toBe(0);
  });
});

const redisUp = await redisAvailable();

describe.runIf(redisUp)('two nodes through Redis', () => {
  const nodes = useTwoNodes();
  /** A socket on node B whose channel auth goes to node A. */
  const socketOnB = (token: string) => nodes.socketOnB(token, nodes.portA);

  it('grants through node A a socket held by node B, and refuses one no node holds', async () => {
    const { a } = nodes;
    const user = await signedIn(a, await buildUser(a));
    const socket = await socketOnB(user.token);
    await subscribed(socket, userChannel(user.user.id));
    const res = await user.asBearer({
      method: 'POST',
      url: '/api/broadcasting/auth',
      payload: { socket_id: '1.2', channel_name: 'private-chat' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('stops a socket on node B hearing a room its person left through node A', async () => {
    const { a, b } = nodes;
    const room = await buildRoom(a, { is_public: 0 });
    const stayer = await memberOf(a, room.id, { role: 'admin' });
    const leaver = await signedIn(a, await buildUser(a));
    await stayer.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/invite`,
      payload: { user_id: leaver.user.id },
    });
    expect(
      (await leaver.asBearer({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
    ).toBe(200);
    const channel = await subscribed(await socketOnB(leaver.token), roomChannel(room.id));
    const heard = collect<ChatMessage>(channel, 'MessageStored');
    expect(b.deps.realtime.localSubscriberCount(roomChannel(room.id))).toBe(1);
    expect(
      (await leaver.asBearer({ method: 'POST', url: `/api/room/${room.id}/leave` })).statusCode,
    ).toBe(204);
    await waitUntil(() => b.deps.realtime.localSubscriberCount(roomChannel(room.id)) === 0);
    await stayer.asBearer({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'gone?', client_id: clientId() },
    });
    await sleep(250);
    expect(heard).toEqual([]);
  });
});
