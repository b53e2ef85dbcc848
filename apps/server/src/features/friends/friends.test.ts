import type { FriendsList, NotificationWire, UserData } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { clientId } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, TEST_PASSWORD, type Client } from '../../test/factories';
import { FRIEND_CALLS_PER_MINUTE } from './friends.service';

const dialects = await testDialects();

describe.each(dialects)('friends on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const person = async (role = 'user') => signedIn(t.app, await buildUser(t.app, { role }));
  const add = (from: Client, to: number) =>
    from.asBrowser({ method: 'POST', url: `/api/friends/${to}` });
  const remove = (from: Client, to: number) =>
    from.asBrowser({ method: 'POST', url: `/api/friends/${to}`, payload: { _method: 'DELETE' } });
  const list = async (who: Client) =>
    json<{ data: FriendsList }>(await who.asBrowser({ method: 'GET', url: '/api/friends' })).data;
  const ids = (users: { id: number }[]) => users.map((u) => u.id);
  const notificationsOf = async (who: Client) =>
    json<{ data: NotificationWire[] }>(
      await who.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data;

  it('a request, then the other side adds back: friends, each told once', async () => {
    const anna = await person();
    const boris = await person();
    const res = await add(anna, boris.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: { friendship: string } }>(res).data.friendship).toBe('outgoing');
    expect(ids((await list(anna)).outgoing)).toEqual([boris.user.id]);
    expect(ids((await list(boris)).incoming)).toEqual([anna.user.id]);
    // Asking again changes nothing and does not notify twice.
    expect(
      json<{ data: { friendship: string } }>(await add(anna, boris.user.id)).data.friendship,
    ).toBe('outgoing');

    const borisHeard = await notificationsOf(boris);
    expect(borisHeard).toHaveLength(1);
    expect(borisHeard[0]).toMatchObject({
      kind: 'new',
      read_at: null,
      data: { type: 'friend_request', user: { id: anna.user.id } },
    });

    expect(await t.app.deps.friends.relation(anna.user.id, boris.user.id)).toBe('outgoing');
    expect(await t.app.deps.friends.relation(boris.user.id, anna.user.id)).toBe('incoming');
    const back = await add(boris, anna.user.id);
    expect(await t.app.deps.friends.relation(boris.user.id, anna.user.id)).toBe('friend');
    expect(json<{ data: { friendship: string } }>(back).data.friendship).toBe('friend');
    expect(await list(anna)).toEqual({
      friends: [expect.objectContaining({ id: boris.user.id })],
      incoming: [],
      outgoing: [],
    });
    expect(ids((await list(boris)).friends)).toEqual([anna.user.id]);
    expect((await notificationsOf(anna))[0]).toMatchObject({
      data: { type: 'friend_accepted', user: { id: boris.user.id } },
    });

    // User data carries the friends and the notifications with the unread count.
    const init = json<{ data: { user: UserData } }>(
      await anna.asBrowser({ method: 'GET', url: '/api/init' }),
    ).data.user;
    expect(ids(init.friends)).toEqual([boris.user.id]);
    expect(init.counters.unread_notifications).toBe(1);
    expect(init.notifications).toHaveLength(1);
  });

  it('_method=DELETE removes a friendship, withdraws and declines requests', async () => {
    const anna = await person();
    const boris = await person();
    const carl = await person();
    await add(anna, boris.user.id);
    await add(boris, anna.user.id);
    expect((await remove(boris, anna.user.id)).statusCode).toBe(204);
    expect(await list(anna)).toEqual({ friends: [], incoming: [], outgoing: [] });

    await add(anna, carl.user.id);
    expect((await remove(anna, carl.user.id)).statusCode).toBe(204); // withdraw
    expect((await list(carl)).incoming).toEqual([]);
    await add(carl, anna.user.id);
    expect((await remove(anna, carl.user.id)).statusCode).toBe(204); // decline
    expect((await list(carl)).outgoing).toEqual([]);
    // Nothing left to remove is not an error; a real DELETE works as well.
    expect(
      (await anna.asBrowser({ method: 'DELETE', url: `/api/friends/${carl.user.id}` })).statusCode,
    ).toBe(204);
  });

  it('the same request from both sides at once ends as one friendship', async () => {
    for (let round = 0; round < 5; round += 1) {
      const anna = await person();
      const boris = await person();
      const [a, b] = await Promise.all([add(anna, boris.user.id), add(boris, anna.user.id)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      const rows = await t.app.deps.database.db
        .selectFrom('friendships')
        .selectAll()
        .where('user_low_id', '=', Math.min(anna.user.id, boris.user.id))
        .where('user_high_id', '=', Math.max(anna.user.id, boris.user.id))
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('accepted');
      expect(ids((await list(anna)).friends)).toEqual([boris.user.id]);
    }
  });

  it('refuses myself (422), deleted users (404), guests (403 guest), ignores (403)', async () => {
    const anna = await person();
    const me = await add(anna, anna.user.id);
    expect(me.statusCode).toBe(422);
    expect(json<{ errors: Record<string, unknown> }>(me).errors).toHaveProperty('user_id');

    const gone = await buildUser(t.app);
    await t.app.deps.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect((await add(anna, gone.id)).statusCode).toBe(404);
    expect((await add(anna, 2_000_000_000)).statusCode).toBe(404);

    const guest = await person('guest');
    const toGuest = await add(anna, guest.user.id);
    expect(toGuest.statusCode).toBe(403);
    expect(json<{ code: string }>(toGuest).code).toBe('guest');
    const byGuest = await add(guest, anna.user.id);
    expect(byGuest.statusCode).toBe(403);
    expect(json<{ code: string }>(byGuest).code).toBe('guest');

    const boris = await person();
    await boris.asBrowser({ method: 'POST', url: `/api/ignore/${anna.user.id}` });
    const ignored = await add(anna, boris.user.id);
    expect(ignored.statusCode).toBe(403);
    expect(json<{ message: string }>(ignored).message).toMatch(/\S/);
    expect((await add(boris, anna.user.id)).statusCode).toBe(403);
    expect((await list(boris)).outgoing).toEqual([]);
  });

  it('a deleted account leaves its friendships and cannot be asked again', async () => {
    const anna = await person();
    const boris = await person();
    expect((await add(anna, boris.user.id)).statusCode).toBe(200);
    expect((await add(boris, anna.user.id)).statusCode).toBe(200);
    expect(ids((await list(anna)).friends)).toEqual([boris.user.id]);
    const gone = await boris.asBrowser({
      method: 'DELETE',
      url: '/api/my/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    // Listeners run after the answer.
    for (let i = 0; i < 50 && (await list(anna)).friends.length > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await list(anna)).friends).toEqual([]);
    expect((await add(anna, boris.user.id)).statusCode).toBe(404);
  });

  it('hostile ids change nothing and get a clear error', async () => {
    const anna = await person();
    for (const bad of ['abc', '-1', '0', '1e3', '99999999999', '%3Cscript%3E', '__proto__']) {
      const res = await anna.asBrowser({ method: 'POST', url: `/api/friends/${bad}` });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(json<{ code: string }>(res).code).toBeTruthy();
    }
    expect(await list(anna)).toEqual({ friends: [], incoming: [], outgoing: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/friends' })).statusCode).toBe(401);
  });

  it('1,000 requests a minute meet 429', async () => {
    const anna = await person();
    const others = await Promise.all(
      Array.from({ length: FRIEND_CALLS_PER_MINUTE + 1 }, () => buildUser(t.app)),
    );
    const codes: number[] = [];
    for (const other of others) codes.push((await add(anna, other.id)).statusCode);
    expect(codes.slice(0, FRIEND_CALLS_PER_MINUTE).every((c) => c === 200)).toBe(true);
    const last = await add(anna, others[0]!.id);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect((await list(anna)).outgoing).toHaveLength(FRIEND_CALLS_PER_MINUTE);
  });

  it('im_privacy friends now lets friends write and keeps others out', async () => {
    const anna = await person();
    const boris = await person();
    const carl = await person();
    await t.app.deps.preferences.setImPrivacy(boris.user.id, 'friends');
    const write = async (from: Client) => {
      const opened = await from.asBrowser({
        method: 'POST',
        url: '/api/im/channels',
        payload: { user_id: boris.user.id },
      });
      const channel = json<{ data: { id: number } }>(opened).data;
      return from.asBrowser({
        method: 'POST',
        url: `/api/im/channel/${channel.id}`,
        payload: { text: 'hello', client_id: clientId() },
      });
    };
    await add(anna, boris.user.id);
    await add(boris, anna.user.id);
    expect((await write(anna)).statusCode).toBe(201);
    const refused = await write(carl);
    expect(refused.statusCode).toBe(403);
    expect(await t.app.deps.friends.areFriends(anna.user.id, boris.user.id)).toBe(true);
    expect(await t.app.deps.friends.areFriends(carl.user.id, boris.user.id)).toBe(false);
  });
});
