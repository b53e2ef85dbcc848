import type { ChatMessage, ChatState, PublicUser, RoomDetail } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('public chat on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '10' });
  });
  afterAll(async () => t.close());

  const say = (client: Client, roomId: number, text: string, extra: Record<string, unknown> = {}) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { text, client_id: clientId(), ...extra },
    });
  const history = async (client: Client, roomId: number, query = '') =>
    json<{ data: ChatMessage[] }>(
      await client.asBrowser({ method: 'GET', url: `/api/room/${roomId}/messages${query}` }),
    ).data;

  describe('rooms', () => {
    it('lists my rooms and the ones I may enter, and moves a room between them', async () => {
      const room = await buildRoom(t.app, { name_en: 'Lobby' });
      const hidden = await buildRoom(t.app, { is_public: 0, name_en: 'Secret' });
      const client = await signedIn(t.app, await buildUser(t.app));
      const before = json<{ data: ChatState }>(
        await client.asBrowser({ method: 'GET', url: '/api/chat' }),
      ).data;
      expect(before.rooms).toEqual([]);
      expect(before.available.map((r) => r.id)).toContain(room.id);
      expect(before.available.map((r) => r.id)).not.toContain(hidden.id);

      const entered = json<{ data: RoomDetail }>(
        await client.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` }),
      ).data;
      expect(entered.users.map((u) => u.id)).toContain(client.user.id);
      const after = json<{ data: ChatState }>(
        await client.asBrowser({ method: 'GET', url: '/api/chat' }),
      ).data;
      expect(after.rooms.map((r) => r.id)).toEqual([room.id]);
      expect(after.available.map((r) => r.id)).not.toContain(room.id);

      expect(
        (await client.asBrowser({ method: 'POST', url: `/api/room/${room.id}/leave` })).statusCode,
      ).toBe(204);
      const left = json<{ data: ChatState }>(
        await client.asBrowser({ method: 'GET', url: '/api/chat' }),
      ).data;
      expect(left.rooms).toEqual([]);
      expect(
        (await client.asBrowser({ method: 'POST', url: `/api/room/${room.id}/leave` })).statusCode,
      ).toBe(404);
    });

    it('keeps private rooms to the invited, and refuses rooms that do not exist', async () => {
      const owner = await signedIn(t.app, await buildUser(t.app));
      const created = await owner.asBrowser({
        method: 'POST',
        url: '/api/room',
        payload: { name_ru: 'Тайная <b>', name_en: 'Hidden <b>', public: false },
      });
      expect(created.statusCode).toBe(201);
      const room = json<{ data: RoomDetail }>(created).data;
      expect(room.name).toEqual({ ru: 'Тайная <b>', en: 'Hidden <b>' });
      const guest = await signedIn(t.app, await buildUser(t.app));
      expect(
        (await guest.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
      ).toBe(404);
      expect(
        (
          await owner.asBrowser({
            method: 'POST',
            url: `/api/room/${room.id}/invite`,
            payload: { user_id: guest.user.id },
          })
        ).statusCode,
      ).toBe(204);
      const listed = json<{ data: ChatState }>(
        await guest.asBrowser({ method: 'GET', url: '/api/chat' }),
      ).data;
      expect(listed.available.map((r) => r.id)).toContain(room.id);
      expect(
        (await guest.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
      ).toBe(200);
      expect(
        (await owner.asBrowser({ method: 'POST', url: '/api/room/999999/enter' })).statusCode,
      ).toBe(404);
    });

    it('lets only the owner or an admin change a room, and guests create none', async () => {
      const owner = await signedIn(t.app, await buildUser(t.app));
      const room = json<{ data: RoomDetail }>(
        await owner.asBrowser({
          method: 'POST',
          url: '/api/room',
          payload: { name_ru: 'Моя', name_en: 'Mine' },
        }),
      ).data;
      const other = await signedIn(t.app, await buildUser(t.app));
      expect(
        (
          await other.asBrowser({
            method: 'PATCH',
            url: `/api/room/${room.id}`,
            payload: { name_en: 'Stolen' },
          })
        ).statusCode,
      ).toBe(403);
      const renamed = await owner.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '_method=PATCH&name_en=Renamed',
      });
      expect(json<{ data: { name: { en: string } } }>(renamed).data.name.en).toBe('Renamed');
      const admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
      expect(
        (
          await admin.asBrowser({
            method: 'PATCH',
            url: `/api/room/${room.id}`,
            payload: { public: '0' },
          })
        ).statusCode,
      ).toBe(200);
      const guest = await signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
      const refused = await guest.asBrowser({
        method: 'POST',
        url: '/api/room',
        payload: { name_ru: 'Г', name_en: 'G' },
      });
      expect(refused.statusCode).toBe(403);
      expect(json<{ code: string }>(refused).code).toBe('guest');
    });

    it('caps the rooms one user owns', async () => {
      const owner = await signedIn(t.app, await buildUser(t.app));
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await owner.asBrowser({
              method: 'POST',
              url: '/api/room',
              payload: { name_ru: `К${i}`, name_en: `R${i}` },
            })
          ).statusCode,
        ).toBe(201);
      }
      expect(
        (
          await owner.asBrowser({
            method: 'POST',
            url: '/api/room',
            payload: { name_ru: 'К6', name_en: 'R6' },
          })
        ).statusCode,
      ).toBe(422);
    });

    it('reorders my rooms from a bracket form and ignores rooms I am not in', async () => {
      const a = await buildRoom(t.app);
      const b = await buildRoom(t.app);
      const stranger = await buildRoom(t.app);
      const client = await memberOf(t.app, a.id);
      await client.asBrowser({ method: 'POST', url: `/api/room/${b.id}/enter` });
      const res = await client.asBrowser({
        method: 'POST',
        url: '/api/room/sort',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `room[${b.id}]=1&room[${a.id}]=2&room[${stranger.id}]=3`,
      });
      expect(res.statusCode).toBe(204);
      const state = json<{ data: ChatState }>(
        await client.asBrowser({ method: 'GET', url: '/api/chat' }),
      ).data;
      expect(state.rooms.map((r) => r.id)).toEqual([b.id, a.id]);
      const bad = await client.asBrowser({
        method: 'POST',
        url: '/api/room/sort',
        payload: { room: { [a.id]: -1 } },
      });
      expect(bad.statusCode).toBe(422);
    });

    it('leaves every room at once', async () => {
      const a = await buildRoom(t.app);
      const client = await memberOf(t.app, a.id);
      const left = recordEvents(t.app, 'chat.user.left_chat');
      expect((await client.asBrowser({ method: 'POST', url: '/api/chat/leave' })).statusCode).toBe(
        204,
      );
      expect(
        json<{ data: ChatState }>(await client.asBrowser({ method: 'GET', url: '/api/chat' })).data
          .rooms,
      ).toEqual([]);
      expect(left.map((e) => e.userId)).toContain(client.user.id);
    });
  });

  describe('messages', () => {
    it('stores a message as typed, markup included, and tells the room', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id, {
        nick: `Anna${Math.random().toString(36).slice(2, 6)}`,
      });
      const stored = recordEvents(t.app, 'chat.message.stored');
      const text = '<script>alert("x")</script> & <b>hi</b>';
      const res = await say(anna, room.id, text, {});
      expect(res.statusCode).toBe(201);
      const message = json<{ data: ChatMessage }>(res).data;
      expect(message.text).toBe(text);
      expect(message.user.id).toBe(anna.user.id);
      expect(stored.map((e) => e.message.id)).toContain(message.id);
      expect((await history(anna, room.id)).map((m) => m.text)).toEqual([text]);
    });

    it('names the gender of a message’s author and of the room’s people, null when not given', async () => {
      const room = await buildRoom(t.app);
      const marina = await memberOf(t.app, room.id, { gender: 'female' });
      const bob = await memberOf(t.app, room.id, { gender: 'male' });
      const guest = await memberOf(t.app, room.id, { role: 'guest' });
      const posted = json<{ data: ChatMessage }>(await say(marina, room.id, 'Привет')).data;
      expect(posted.user.gender).toBe('female');
      await say(bob, room.id, 'Hi');
      await say(guest, room.id, 'Hello');
      expect((await history(bob, room.id)).map((m) => m.user.gender)).toEqual([
        'female',
        'male',
        null,
      ]);
      const detail = json<{ data: RoomDetail }>(
        await bob.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` }),
      ).data;
      const genders = new Map(detail.users.map((u) => [u.id, u.user.gender]));
      expect(genders.get(marina.user.id)).toBe('female');
      expect(genders.get(bob.user.id)).toBe('male');
    });

    it('answers a replayed client_id with the first message, never a copy', async () => {
      const room = await buildRoom(t.app);
      const client = await memberOf(t.app, room.id);
      const body = { text: 'once', client_id: clientId() };
      const first = await client.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        payload: body,
      });
      const again = await client.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        payload: body,
      });
      const racing = await Promise.all(
        [1, 2, 3].map(() =>
          client.asBrowser({
            method: 'POST',
            url: `/api/room/${room.id}/message`,
            payload: { text: 'race', client_id: 'same-client-id-1' },
          }),
        ),
      );
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(json<{ data: ChatMessage }>(again).data.id).toBe(
        json<{ data: ChatMessage }>(first).data.id,
      );
      expect(new Set(racing.map((r) => json<{ data: ChatMessage }>(r).data.id)).size).toBe(1);
      expect(await history(client, room.id)).toHaveLength(2);
    });

    it('refuses empty, too long and repeated texts, stricter for guests', async () => {
      const room = await buildRoom(t.app);
      const user = await memberOf(t.app, room.id);
      const guest = await memberOf(t.app, room.id, { role: 'guest' });
      expect((await say(user, room.id, '   ')).statusCode).toBe(422);
      const huge = await say(user, room.id, 'x'.repeat(10_000));
      expect(huge.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(huge).errors).toHaveProperty('text');
      expect((await say(user, room.id, 'я'.repeat(1000))).statusCode).toBe(201);
      expect((await say(guest, room.id, 'g'.repeat(301))).statusCode).toBe(422);
      expect((await say(guest, room.id, 'g'.repeat(300))).statusCode).toBe(201);
      expect((await say(user, room.id, 'Hello there')).statusCode).toBe(201);
      const repeated = await say(user, room.id, '  hello   THERE ');
      expect(repeated.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(repeated).errors).toHaveProperty('text');
      for (const text of [{ nested: 1 }, ['a'], 42]) {
        expect(
          (
            await user.asBrowser({
              method: 'POST',
              url: `/api/room/${room.id}/message`,
              payload: { text, client_id: clientId() },
            })
          ).statusCode,
        ).toBe(422);
      }
    });

    it('limits the rate of messages with 429 and the reset header', async () => {
      const room = await buildRoom(t.app);
      const client = await memberOf(t.app, room.id);
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push(await say(client, room.id, `message number ${i}`));
      expect(statuses.slice(0, 10).every((r) => r.statusCode === 201)).toBe(true);
      const limited = statuses[10]!;
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 1);
    });

    it('answers a retry even over the rate limit, and never counts retries as flood', async () => {
      const room = await buildRoom(t.app);
      const client = await memberOf(t.app, room.id);
      const post = (text: string, id: string) =>
        client.asBrowser({
          method: 'POST',
          url: `/api/room/${room.id}/message`,
          payload: { text, client_id: id },
        });
      const firstId = clientId();
      const first = await post('kept', firstId);
      expect(first.statusCode).toBe(201);
      // Nine more retries of the first: answered, and the allowance of ten is still whole.
      for (let i = 0; i < 9; i++) expect((await post('kept', firstId)).statusCode).toBe(200);
      for (let i = 1; i < 10; i++)
        expect((await post(`new message ${i}`, clientId())).statusCode).toBe(201);
      expect((await post('one too many', clientId())).statusCode).toBe(429);
      // Over the limit, a retry still gets its message back.
      const late = await post('kept', firstId);
      expect(late.statusCode).toBe(200);
      expect(json<{ data: ChatMessage }>(late).data.id).toBe(
        json<{ data: ChatMessage }>(first).data.id,
      );
      expect(await history(client, room.id)).toHaveLength(10);
    });

    it('refuses rooms I am not in, for reading and writing', async () => {
      const room = await buildRoom(t.app);
      const outsider = await signedIn(t.app, await buildUser(t.app));
      expect((await say(outsider, room.id, 'let me in')).statusCode).toBe(404);
      expect(
        (await outsider.asBrowser({ method: 'GET', url: `/api/room/${room.id}/messages` }))
          .statusCode,
      ).toBe(404);
      expect(
        (await outsider.asBrowser({ method: 'GET', url: `/api/room/${room.id}` })).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/room/${room.id}/messages` })).statusCode,
      ).toBe(401);
    });

    it('pages history before and after an id', async () => {
      const room = await buildRoom(t.app);
      const client = await memberOf(t.app, room.id, { role: 'admin' });
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(json<{ data: ChatMessage }>(await say(client, room.id, `page ${i}`)).data.id);
      expect((await history(client, room.id, `?before=${ids[3]}`)).map((m) => m.id)).toEqual(
        ids.slice(0, 3),
      );
      expect((await history(client, room.id, `?after=${ids[1]}`)).map((m) => m.id)).toEqual(
        ids.slice(2),
      );
      expect(
        (await client.asBrowser({ method: 'GET', url: `/api/room/${room.id}/messages?before=abc` }))
          .statusCode,
      ).toBe(422);
    });

    it('keeps mentions of members whose nick is in the text', async () => {
      const room = await buildRoom(t.app);
      const suffix = Math.random().toString(36).slice(2, 6);
      const boris = await memberOf(t.app, room.id, { nick: `Boris${suffix}` });
      const author = await memberOf(t.app, room.id);
      const outsider = await buildUser(t.app);
      const res = await say(author, room.id, `boris${suffix}, hello`, {
        mentions: [boris.user.id, outsider.id, author.user.id],
      });
      expect(json<{ data: ChatMessage }>(res).data.nicks).toEqual([
        { nick: `Boris${suffix}`, user_id: boris.user.id },
      ]);
    });
  });

  describe('deleting', () => {
    it('hides my message for me only, and refuses others’ messages', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      const mine = json<{ data: ChatMessage }>(await say(anna, room.id, 'mine')).data;
      expect(
        (await boris.asBrowser({ method: 'DELETE', url: `/api/chat/message/${mine.id}` }))
          .statusCode,
      ).toBe(403);
      expect(
        (await anna.asBrowser({ method: 'DELETE', url: `/api/chat/message/${mine.id}` }))
          .statusCode,
      ).toBe(204);
      expect((await history(anna, room.id)).map((m) => m.id)).not.toContain(mine.id);
      expect((await history(boris, room.id)).map((m) => m.id)).toContain(mine.id);
    });

    it('deletes from everyone for the author or a moderator only', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const deleted = recordEvents(t.app, 'chat.message.deleted');
      const first = json<{ data: ChatMessage }>(await say(anna, room.id, 'first')).data;
      const second = json<{ data: ChatMessage }>(await say(anna, room.id, 'second')).data;
      expect(
        (
          await boris.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/delete_from_everyone/${first.id}`,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await anna.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/delete_from_everyone/${first.id}`,
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await moderator.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/delete_from_everyone/${second.id}`,
          })
        ).statusCode,
      ).toBe(204);
      expect(deleted.map((e) => e.id)).toEqual([first.id, second.id]);
      expect(await history(boris, room.id)).toEqual([]);
      expect(
        (
          await anna.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/delete_from_everyone/${first.id}`,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('reactions and quotes', () => {
    it('keeps one reaction of a kind per user, live both ways', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      const outsider = await signedIn(t.app, await buildUser(t.app));
      const stored = recordEvents(t.app, 'chat.reaction.stored');
      const removed = recordEvents(t.app, 'chat.reaction.deleted');
      const message = json<{ data: ChatMessage }>(await say(anna, room.id, 'react to me')).data;
      const react = (c: Client, reaction: string) =>
        c.asBrowser({
          method: 'POST',
          url: `/api/chat/message/${message.id}/reactions`,
          payload: { reaction },
        });
      expect((await react(boris, 'like')).statusCode).toBe(201);
      expect((await react(boris, 'like')).statusCode).toBe(201);
      expect((await react(boris, 'love')).statusCode).toBe(201);
      expect((await react(boris, '<img onerror=x>')).statusCode).toBe(422);
      expect((await react(outsider, 'like')).statusCode).toBe(404);
      expect(stored.filter((e) => e.likeable_id === message.id)).toHaveLength(2);
      const [seen] = (await history(anna, room.id)).filter((m) => m.id === message.id);
      expect(seen!.reactions).toEqual([
        {
          reaction: 'like',
          user: { id: boris.user.id, slug: boris.user.slug, nick: boris.user.nick },
        },
        {
          reaction: 'love',
          user: { id: boris.user.id, slug: boris.user.slug, nick: boris.user.nick },
        },
      ]);
      expect(
        (
          await boris.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/${message.id}/reactions/like`,
          })
        ).statusCode,
      ).toBe(204);
      expect(removed.filter((e) => e.likeable_id === message.id)).toHaveLength(1);
    });

    it('survives a thousand reactions on one message', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const message = json<{ data: ChatMessage }>(await say(anna, room.id, 'popular')).data;
      const kinds = ['like', 'love', 'laugh', 'wow', 'sad', 'angry', 'fire', 'clap'];
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 1000; i++) {
        const res = await anna.asBrowser({
          method: 'POST',
          url: `/api/chat/message/${message.id}/reactions`,
          payload: { reaction: kinds[i % kinds.length] },
        });
        statuses.push(res.statusCode);
      }
      // 30 per 10-second window: a slow machine may see the loop cross into further windows.
      const windows = Math.floor((Date.now() - started) / 10_000) + 1;
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(30 * windows);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(1000 - 100 * windows);
      const [seen] = (await history(anna, room.id)).filter((m) => m.id === message.id);
      expect(seen!.reactions).toHaveLength(8);
    });

    it('adds a message to my quotes, registered users only', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const guest = await memberOf(t.app, room.id, { role: 'guest' });
      const message = json<{ data: ChatMessage }>(await say(anna, room.id, 'quotable')).data;
      expect(
        (await anna.asBrowser({ method: 'POST', url: `/api/quote/${message.id}` })).statusCode,
      ).toBe(204);
      const init = json<{ data: { user: { quotes: number[] } } }>(
        await anna.asBrowser({ method: 'GET', url: '/api/init' }),
      );
      expect(init.data.user.quotes).toContain(message.id);
      expect(
        (await guest.asBrowser({ method: 'POST', url: `/api/quote/${message.id}` })).statusCode,
      ).toBe(403);
      expect(
        (await anna.asBrowser({ method: 'POST', url: '/api/quote/99999999' })).statusCode,
      ).toBe(404);
      expect(
        (await anna.asBrowser({ method: 'DELETE', url: `/api/quote/${message.id}` })).statusCode,
      ).toBe(204);
      expect(
        (await anna.asBrowser({ method: 'DELETE', url: `/api/quote/${message.id}` })).statusCode,
      ).toBe(404);
    });
  });

  describe('people in rooms', () => {
    it('changes my state, and state 4 is leaving', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const states = recordEvents(t.app, 'chat.user.state');
      expect(
        (
          await anna.asBrowser({
            method: 'POST',
            url: `/api/room/${room.id}/state`,
            payload: { state_id: 2 },
          })
        ).statusCode,
      ).toBe(204);
      expect(
        (
          await anna.asBrowser({
            method: 'POST',
            url: `/api/room/${room.id}/state`,
            payload: { state_id: 9 },
          })
        ).statusCode,
      ).toBe(422);
      expect(
        (
          await anna.asBrowser({
            method: 'POST',
            url: `/api/room/${room.id}/state`,
            payload: { state_id: 4 },
          })
        ).statusCode,
      ).toBe(204);
      expect(states.filter((s) => s.roomId === room.id).map((s) => s.stateId)).toEqual([2, 4]);
      expect(
        (await anna.asBrowser({ method: 'GET', url: `/api/room/${room.id}` })).statusCode,
      ).toBe(404);
    });

    it('lets staff turn invisible, seen only by admins', async () => {
      const room = await buildRoom(t.app);
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const user = await memberOf(t.app, room.id);
      const admin = await memberOf(t.app, room.id, { role: 'admin' });
      const refused = await user.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/visibility`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `_method=PATCH&room=${room.id}&visibility=0`,
      });
      expect(refused.statusCode).toBe(403);
      const res = await moderator.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/visibility`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `_method=PATCH&room=${room.id}&visibility=0`,
      });
      expect(json<{ data: { invisible: boolean } }>(res).data).toEqual({ invisible: true });
      const seenByUser = json<{ data: RoomDetail }>(
        await user.asBrowser({ method: 'GET', url: `/api/room/${room.id}` }),
      ).data.users;
      const seenByAdmin = json<{ data: RoomDetail }>(
        await admin.asBrowser({ method: 'GET', url: `/api/room/${room.id}` }),
      ).data.users;
      expect(seenByUser.map((u) => u.id)).not.toContain(moderator.user.id);
      expect(seenByAdmin.find((u) => u.id === moderator.user.id)?.invisible).toBe(true);
    });

    it('saves chat settings from a form with _method=PATCH, refusing nonsense', async () => {
      const client = await signedIn(t.app, await buildUser(t.app));
      const res = await client.asBrowser({
        method: 'POST',
        url: '/api/user/settings',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '_method=PATCH&show_guests=1&notification_volume=0.25',
      });
      expect(res.statusCode).toBe(200);
      expect(
        json<{
          data: { show_guests: boolean; notification_volume: number; show_avatars: boolean };
        }>(res).data,
      ).toMatchObject({
        show_guests: true,
        notification_volume: 0.25,
        show_avatars: true,
      });
      for (const payload of [
        { notification_volume: 2 },
        { show_trolls: { a: 1 } },
        { sound: '../../etc/passwd' },
      ]) {
        expect(
          (await client.asBrowser({ method: 'PATCH', url: '/api/user/settings', payload }))
            .statusCode,
        ).toBe(422);
      }
    });

    it('ignores users, not oneself', async () => {
      const client = await signedIn(t.app, await buildUser(t.app));
      const other = await buildUser(t.app);
      expect(
        (await client.asBrowser({ method: 'POST', url: `/api/ignore/${client.user.id}` }))
          .statusCode,
      ).toBe(422);
      const res = await client.asBrowser({ method: 'POST', url: `/api/ignore/${other.id}` });
      expect(json<{ data: number[] }>(res).data).toEqual([other.id]);
      // The list with nicks, for the "ignored" tab of my profile; nobody else's list.
      const listed = json<{ data: PublicUser[] }>(
        await client.asBrowser({ method: 'GET', url: '/api/ignore' }),
      ).data;
      expect(listed.map((u) => [u.id, u.nick.nick])).toEqual([[other.id, other.nick]]);
      const stranger = await signedIn(t.app, await buildUser(t.app));
      expect(
        json<{ data: PublicUser[] }>(
          await stranger.asBrowser({ method: 'GET', url: '/api/ignore' }),
        ).data,
      ).toEqual([]);
      expect(
        json<{ data: number[] }>(
          await client.asBrowser({ method: 'DELETE', url: `/api/ignore/${other.id}` }),
        ).data,
      ).toEqual([]);
    });

    it('lets moderators mark trolls, listed in init for those who may see trolls only', async () => {
      const troll = await buildUser(t.app);
      const user = await signedIn(t.app, await buildUser(t.app));
      const moderator = await signedIn(t.app, await buildUser(t.app, { role: 'moderator' }));
      expect(
        (await user.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${troll.id}` }))
          .statusCode,
      ).toBe(403);
      expect(
        (await moderator.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${troll.id}` }))
          .statusCode,
      ).toBe(204);
      const trollsFor = async (who: typeof user | null) =>
        json<{ data: { trolls: number[] } }>(
          who
            ? await who.asBrowser({ method: 'GET', url: '/api/init' })
            : await t.app.inject({ method: 'GET', url: '/api/init' }),
        ).data.trolls;
      expect(await trollsFor(moderator)).toContain(troll.id);
      // Issue 19, point 13: nobody else learns who is a troll.
      expect(await trollsFor(user)).toEqual([]);
      expect(await trollsFor(null)).toEqual([]);
    });
  });
});
