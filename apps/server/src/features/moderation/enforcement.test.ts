import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { FOREVER } from './sanctions';

const dialects = await testDialects();

const HOUR_MS = 60 * 60_000;
const inAnHour = () => new Date(Date.now() + HOUR_MS).toISOString();
const anHourAgo = () => new Date(Date.now() - HOUR_MS).toISOString();

/** Sets a sanction straight on the user row, as the bans service leaves it. */
async function sanction(
  app: FastifyInstance,
  userId: number,
  columns: { gag_until?: string | null; ban_until?: string | null },
) {
  await app.deps.database.db.updateTable('users').set(columns).where('id', '=', userId).execute();
}

const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { code?: string }).code;

describe.each(dialects)('sanction enforcement on %s', (dialect) => {
  let t: TestApp;
  let roomId: number;
  let other: Client;
  let otherMessageId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    roomId = (await buildRoom(t.app)).id;
    other = await memberOf(t.app, roomId);
    const posted = await say(other);
    expect(posted.statusCode, posted.body).toBe(201);
    otherMessageId = json<{ data: { id: number } }>(posted).data.id;
  });
  afterAll(async () => t.close());

  const say = (who: Client, text = 'hello there') =>
    who.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { text, client_id: clientId() },
    });

  /** A member of the room with an open private channel to `other`, then sanctioned. */
  async function sanctioned(columns: { gag_until?: string | null; ban_until?: string | null }) {
    const who = await memberOf(t.app, roomId);
    const opened = await who.asBrowser({
      method: 'POST',
      url: '/api/im/channels',
      payload: { user_id: other.user.id },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const channelId = json<{ data: { id: number } }>(opened).data.id;
    await sanction(t.app, who.user.id, columns);
    return { who, channelId };
  }

  const writes = (who: Client, channelId: number) => ({
    message: () => say(who),
    im: () =>
      who.asBrowser({
        method: 'POST',
        url: `/api/im/channel/${channelId}`,
        payload: { text: 'psst', client_id: clientId() },
      }),
    reaction: () =>
      who.asBrowser({
        method: 'POST',
        url: `/api/chat/message/${otherMessageId}/reactions`,
        payload: { reaction: 'like' },
      }),
    profile: () =>
      who.asBrowser({ method: 'PATCH', url: '/api/my/profile', payload: { about: 'Me' } }),
  });

  describe('a gagged user', () => {
    it('may not post a room message, an IM, a reaction or a profile edit', async () => {
      const { who, channelId } = await sanctioned({ gag_until: inAnHour() });
      for (const [what, call] of Object.entries(writes(who, channelId))) {
        const res = await call();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expect(codeOf(res), what).toBe('gagged');
      }
      // The same through a bearer token: the rule is the caller's, not the transport's.
      const bearer = await who.asBearer({
        method: 'POST',
        url: `/api/room/${roomId}/message`,
        payload: { text: 'again', client_id: clientId() },
      });
      expect(codeOf(bearer)).toBe('gagged');
    });

    it('wrote nothing when refused', async () => {
      const { who, channelId } = await sanctioned({ gag_until: FOREVER });
      await writes(who, channelId).message();
      const count = await t.app.deps.database.db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', who.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('still reads the chat and the messenger', async () => {
      const { who, channelId } = await sanctioned({ gag_until: inAnHour() });
      expect((await who.asBrowser({ method: 'GET', url: '/api/chat' })).statusCode).toBe(200);
      expect(
        (await who.asBrowser({ method: 'GET', url: `/api/room/${roomId}/messages` })).statusCode,
      ).toBe(200);
      expect(
        (await who.asBrowser({ method: 'GET', url: `/api/im/message/${channelId}` })).statusCode,
      ).toBe(200);
    });

    it('may change settings, set its room state, read notifications, leave rooms and log out', async () => {
      const { who } = await sanctioned({ gag_until: inAnHour() });
      const settings = await who.asBrowser({
        method: 'PATCH',
        url: '/api/user/settings',
        payload: { mute: true },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const state = await who.asBrowser({
        method: 'POST',
        url: `/api/room/${roomId}/state`,
        payload: { state_id: 2 },
      });
      expect(state.statusCode, state.body).toBe(204);
      const readAll = await who.asBrowser({ method: 'POST', url: '/api/notifications/read_all' });
      expect(readAll.statusCode, readAll.body).toBe(204);
      const leave = await who.asBrowser({ method: 'POST', url: `/api/room/${roomId}/leave` });
      expect(leave.statusCode, leave.body).toBe(204);
      const leaveChat = await who.asBrowser({ method: 'POST', url: '/api/chat/leave' });
      expect(leaveChat.statusCode, leaveChat.body).toBe(204);
      const logout = await who.asBrowser({ method: 'POST', url: '/api/auth/logout' });
      expect(logout.statusCode, logout.body).toBe(204);
    });
  });

  describe('calls that only change what the caller reads', () => {
    const readers = (who: Client, channelId: number, lobbyId: number) => ({
      enter: () => who.asBrowser({ method: 'POST', url: `/api/room/${lobbyId}/enter` }),
      read: () =>
        who.asBrowser({ method: 'POST', url: `/api/im/channel/${channelId}/read`, payload: {} }),
      ignore: () => who.asBrowser({ method: 'POST', url: `/api/ignore/${other.user.id}` }),
      // Others see a room state, but it carries no words: a gag keeps it, a ban does not.
      state: () =>
        who.asBrowser({
          method: 'POST',
          url: `/api/room/${roomId}/state`,
          payload: { state_id: 3 },
        }),
    });

    it('stay open to a gagged user (a gag stops writing, not reading)', async () => {
      const { who, channelId } = await sanctioned({ gag_until: inAnHour() });
      const lobby = await buildRoom(t.app);
      for (const [what, call] of Object.entries(readers(who, channelId, lobby.id))) {
        const res = await call();
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
      }
    });

    it('are refused to a banned user', async () => {
      const { who, channelId } = await sanctioned({ ban_until: inAnHour() });
      const lobby = await buildRoom(t.app);
      for (const [what, call] of Object.entries(readers(who, channelId, lobby.id))) {
        const res = await call();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expect(codeOf(res), what).toBe('banned');
      }
    });
  });

  describe('a banned user', () => {
    it('may not read the chat or the messenger', async () => {
      const { who, channelId } = await sanctioned({ ban_until: inAnHour() });
      for (const url of [
        '/api/chat',
        `/api/room/${roomId}`,
        `/api/room/${roomId}/messages`,
        '/api/im/channels',
        `/api/im/message/${channelId}`,
      ]) {
        const res = await who.asBrowser({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
        expect(codeOf(res), url).toBe('banned');
      }
    });

    it('may not post anything, and hears `banned` even when also gagged', async () => {
      const { who, channelId } = await sanctioned({ ban_until: FOREVER, gag_until: FOREVER });
      for (const [what, call] of Object.entries(writes(who, channelId))) {
        const res = await call();
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expect(codeOf(res), what).toBe('banned');
      }
    });

    it('still reaches the pages outside the chat, its settings, and logs out', async () => {
      const { who } = await sanctioned({ ban_until: inAnHour() });
      expect((await who.asBrowser({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(
        200,
      );
      const settings = await who.asBrowser({
        method: 'PATCH',
        url: '/api/user/settings',
        payload: { mute: true },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const logout = await who.asBrowser({ method: 'POST', url: '/api/auth/logout' });
      expect(logout.statusCode, logout.body).toBe(204);
    });

    it('is not refused channel authorisation here (the channel policy decides)', async () => {
      const { who } = await sanctioned({ ban_until: inAnHour() });
      const res = await who.asBrowser({
        method: 'POST',
        url: '/api/broadcasting/auth',
        payload: { socket_id: '123.456', channel_name: `private-user.${who.user.id}` },
      });
      expect(codeOf(res)).not.toBe('banned');
    });
  });

  describe('an expired sanction', () => {
    it('allows everything again', async () => {
      const { who, channelId } = await sanctioned({
        gag_until: anHourAgo(),
        ban_until: anHourAgo(),
      });
      expect((await who.asBrowser({ method: 'GET', url: '/api/chat' })).statusCode).toBe(200);
      const calls = writes(who, channelId);
      expect((await calls.message()).statusCode).toBe(201);
      expect((await calls.im()).statusCode).toBe(201);
      expect((await calls.reaction()).statusCode).toBe(201);
      expect((await calls.profile()).statusCode).toBe(200);
    });
  });

  it('a guest under a gag is refused like anyone', async () => {
    const guest = await signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
    const entered = await guest.asBrowser({ method: 'POST', url: `/api/room/${roomId}/enter` });
    expect(entered.statusCode, entered.body).toBe(200);
    await sanction(t.app, guest.user.id, { gag_until: inAnHour() });
    expect(codeOf(await say(guest))).toBe('gagged');
  });
});
