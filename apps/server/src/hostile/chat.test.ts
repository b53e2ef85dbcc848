/**
 * Hostile input to the public chat: rooms, messages, reactions and quotes. Free text is stored
 * and answered verbatim as data; patterned fields refuse markup; other people's rooms and
 * messages stay theirs; guests, users, moderators and admins get what their role allows.
 */
import type { ChatMessage, RoomDetail } from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { clientId, recordEvents } from '../test/chat-fixtures';
import { testDialects } from '../test/databases';
import { json, type Client } from '../test/factories';
import {
  buildWorld,
  data,
  expectError,
  expectInvalid,
  expectRateLimited,
  inBodyKind,
  observe,
  type Observer,
  type Res,
  type World,
} from './kit';

const dialects = await testDialects();

const MESSAGE_LIMIT = 8;
const NO_SUCH_ID = 2 ** 31 - 1;

/** Markup, templates, injections and odd Unicode: all of it is just text. */
const HOSTILE_TEXTS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  "{{constructor.constructor('alert(1)')()}}",
  '${7*7} #{7*7} <%= 7*7 %>',
  "'; DROP TABLE messages; --",
  'Robert"); DELETE FROM users; --',
  // Bidi overrides are refused, zero-width characters dropped (text-rule.test.ts).
  'line one\r\nline two\ttabbed   three spaces',
  '👨‍👩‍👧‍👦 ё Ё й 𝔸 ﷺ',
  '&lt;b&gt; &amp; &#x3C;',
  '\\u003cscript\\u003e',
  '%3Cscript%3E a+b=c&d',
  '<!-- comment --><![CDATA[x]]>',
  '__proto__ constructor prototype',
];

describe.each(dialects)('hostile input to the chat on %s', (dialect) => {
  let t: TestApp;
  let obs: Observer;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: String(MESSAGE_LIMIT) });
    obs = await observe(t.app);
  });
  afterAll(async () => t.close());

  const send = (client: Client, roomId: number, body: Record<string, unknown>) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      payload: { client_id: clientId(), ...body },
    });
  const history = async (client: Client, roomId: number) =>
    data<ChatMessage[]>(
      await client.asBrowser({ method: 'GET', url: `/api/room/${roomId}/messages` }),
    );
  /** Asserts the calls changed nothing at all (tables, events, broadcasts). */
  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);

  describe('message text', () => {
    it('stores markup, templates and odd Unicode verbatim and answers it as JSON data', async () => {
      const w = await buildWorld(t.app);
      const stored = recordEvents(t.app, 'chat.message.stored');
      const authors = [w.owner, w.peer, w.moderator, w.admin];
      const sent: { text: string; id: number }[] = [];
      for (const [i, text] of HOSTILE_TEXTS.entries()) {
        const author = authors[i % authors.length]!;
        // JSON, form and multipart bodies all keep the text as typed.
        const call: InjectOptions = {
          method: 'POST',
          url: `/api/room/${w.room.id}/message`,
          payload: { text, client_id: clientId() },
        };
        const res = await author.asBrowser(inBodyKind(call, i));
        expect(res.statusCode, `${text}: ${res.body}`).toBe(201);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        const message = data<ChatMessage>(res);
        expect(message.text).toBe(text);
        sent.push({ text, id: message.id });
      }
      const texts = new Map((await history(w.peer, w.room.id)).map((m) => [m.id, m.text]));
      for (const { text, id } of sent) expect(texts.get(id)).toBe(text);
      const shown = data<RoomDetail>(
        await w.owner.asBrowser({ method: 'GET', url: `/api/room/${w.room.id}` }),
      );
      for (const { text, id } of sent)
        expect(shown.messages.find((m) => m.id === id)?.text).toBe(text);
      const events = new Map(stored.map((e) => [e.message.id, e.message.text]));
      for (const { text, id } of sent) expect(events.get(id)).toBe(text);
    });

    it('keeps a full-length message of astral characters whole and refuses one character more', async () => {
      const w = await buildWorld(t.app);
      const full = '𝔸'.repeat(1000);
      const res = await send(w.owner, w.room.id, { text: full });
      expect(res.statusCode).toBe(201);
      expect(data<ChatMessage>(res).text).toBe(full);
      // Stored NFC (the text rule): e + combining acute is é.
      const combining = 'e\u0301'.repeat(500);
      expect(data<ChatMessage>(await send(w.peer, w.room.id, { text: combining })).text).toBe(
        '\u00E9'.repeat(500),
      );
      const guestFull = 'я'.repeat(300);
      expect(data<ChatMessage>(await send(w.guest, w.room.id, { text: guestFull })).text).toBe(
        guestFull,
      );
      await nothingChanges(async () => {
        expectInvalid(await send(w.owner, w.room.id, { text: '𝔸'.repeat(1001) }), ['text']);
        expectInvalid(await send(w.owner, w.room.id, { text: 'x'.repeat(4001) }), ['text']);
        expectInvalid(await send(w.owner, w.room.id, { text: 'x'.repeat(100_000) }), ['text']);
        expectInvalid(await send(w.guest, w.room.id, { text: 'я'.repeat(301) }), ['text']);
      });
    });

    it('refuses blank or wrongly typed text, client ids, types, attachments and mentions', async () => {
      const w = await buildWorld(t.app);
      const bad: [string, Record<string, unknown>][] = [
        ...['', '   ', '\n\t\r', '\u3000'].map((text): [string, Record<string, unknown>] => [
          'text',
          { text },
        ]),
        ...[{}, [], ['hi'], 123, true, null].map((text): [string, Record<string, unknown>] => [
          'text',
          { text },
        ]),
        ['text', {}],
        ...[
          '',
          'short',
          'x'.repeat(65),
          '<script>x</script>',
          '../../../etc',
          'id with spaces',
          'абвгдежз',
          12345678,
          ['abcdefgh'],
          { id: 'abcdefgh' },
          null,
        ].map((client_id): [string, Record<string, unknown>] => [
          'client_id',
          { text: 'x', client_id },
        ]),
        ...[3, 0, -1, 'x', 1.5, '2abc', '<b>1</b>', {}].map(
          (type_id): [string, Record<string, unknown>] => ['type_id', { text: 'x', type_id }],
        ),
        ...[['x'], 'x', {}, [{}], [null]].map((attachments): [string, Record<string, unknown>] => [
          'attachments',
          { text: 'x', attachments },
        ]),
        ...['x', 5, {}, ['x'], [-1], [0], [1.5], ['<script>'], Array(11).fill(w.peer.user.id)].map(
          (mentions): [string, Record<string, unknown>] => ['mentions', { text: 'x', mentions }],
        ),
      ];
      await nothingChanges(async () => {
        for (const [field, body] of bad) {
          const res = await w.owner.asBrowser({
            method: 'POST',
            url: `/api/room/${w.room.id}/message`,
            payload: { client_id: clientId(), ...body },
          });
          expectInvalid(res, [field], true);
        }
        expectInvalid(
          await w.owner.asBrowser({ method: 'POST', url: `/api/room/${w.room.id}/message` }),
          [],
          true,
        );
      });
    });

    // Regression guard (found by this sweep, now fixed): on PostgreSQL a NUL byte cannot be stored in a text column; the insert fails and the
    // answer is a 500 (SQLite stores it). Either store text verbatim on both dialects or refuse
    // control characters with 422: postMessageBody.text (packages/shared/src/chat/wire.ts), or
    // MessagesService.post (src/features/chat/messages.service.ts) before messages.insert.
    it('answers a NUL byte in a message with 201 verbatim or 422, never 500', async () => {
      const w = await buildWorld(t.app);
      for (const text of ['a\u0000b', '\u0000\u0000 hi']) {
        const before = (await history(w.owner, w.room.id)).length;
        const res = await send(w.owner, w.room.id, { text });
        expect([201, 422], res.body).toContain(res.statusCode);
        const after = await history(w.owner, w.room.id);
        if (res.statusCode === 201) expect(after.at(-1)?.text).toBe(text.trim());
        else expect(after.length).toBe(before);
      }
    });

    // Regression guard (found by this sweep, now fixed): `mentions` items are z.coerce.number().int().positive() without the 2^31-1 cap the
    // path ids have (packages/shared/src/chat/wire.ts postMessageBody.mentions); on PostgreSQL
    // `room_users.user_id in (9999999999)` fails ("out of range for type integer") and the
    // message is lost with a 500. Fix: `.max(2 ** 31 - 1)` on the item schema.
    it('answers mentions of ids beyond the integer range with 201 (dropped) or 422, never 500', async () => {
      const w = await buildWorld(t.app);
      for (const mentions of [[2 ** 31], [9_999_999_999], [1e20]]) {
        const res = await send(w.owner, w.room.id, { text: `hi ${mentions[0]}`, mentions });
        expect([201, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 201) expect(data<ChatMessage>(res).nicks).toEqual([]);
      }
    });

    it('keeps only real mentions: members of the room whose nick is in the text', async () => {
      const w = await buildWorld(t.app);
      const res = await send(w.owner, w.room.id, {
        text: `hi ${w.peer.user.nick} and ${w.stranger.user.nick} <b>${w.admin.user.nick}</b>`,
        mentions: [
          w.peer.user.id,
          w.stranger.user.id,
          w.moderator.user.id,
          NO_SUCH_ID,
          w.admin.user.id,
        ],
      });
      const nicks = data<ChatMessage>(res)
        .nicks.map((n) => n.user_id)
        .sort((a, b) => a - b);
      expect(nicks).toEqual([w.peer.user.id, w.admin.user.id].sort((a, b) => a - b));
    });

    it("never answers another user's message for a reused client_id, nor moves one between rooms", async () => {
      const w = await buildWorld(t.app);
      const id = clientId();
      const first = data<ChatMessage>(
        await send(w.owner, w.room.id, { text: 'mine', client_id: id }),
      );
      const theirs = await send(w.peer, w.room.id, { text: 'theirs', client_id: id });
      expect(theirs.statusCode).toBe(201);
      expect(data<ChatMessage>(theirs)).toMatchObject({
        text: 'theirs',
        user: { id: w.peer.user.id },
      });
      await nothingChanges(async () => {
        expectInvalid(await send(w.owner, w.privateRoom.id, { text: 'moved', client_id: id }), [
          'client_id',
        ]);
        const replay = await send(w.owner, w.room.id, { text: 'changed', client_id: id });
        expect(replay.statusCode).toBe(200);
        expect(data<ChatMessage>(replay)).toMatchObject({ id: first.id, text: 'mine' });
      });
    });

    it('refuses the same text again at once (flood by copy-paste), storing nothing', async () => {
      const w = await buildWorld(t.app);
      expect((await send(w.owner, w.room.id, { text: 'Buy <b>now</b>!' })).statusCode).toBe(201);
      await nothingChanges(async () => {
        for (const text of ['Buy <b>now</b>!', '  BUY <B>NOW</B>!  ', 'buy  <b>now</b>!'])
          expectInvalid(await send(w.owner, w.room.id, { text }), ['text']);
      });
    });

    it('rate-limits messages per user, guests at half: 429 with reset headers; replays still answer', async () => {
      const w = await buildWorld(t.app);
      const first = { text: 'flood 0', client_id: clientId() };
      expect((await send(w.owner, w.room.id, first)).statusCode).toBe(201);
      for (let i = 1; i < MESSAGE_LIMIT; i++)
        expect((await send(w.owner, w.room.id, { text: `flood ${i}` })).statusCode).toBe(201);
      for (let i = 0; i < MESSAGE_LIMIT / 2; i++)
        expect((await send(w.guest, w.room.id, { text: `guest flood ${i}` })).statusCode).toBe(201);
      await nothingChanges(async () => {
        expectRateLimited(await send(w.owner, w.room.id, { text: 'one too many' }), 10);
        expectRateLimited(await send(w.guest, w.room.id, { text: 'guest one too many' }), 10);
        // A retry of a message already stored is not flood: it answers the first message.
        const replay = await send(w.owner, w.room.id, first);
        expect(replay.statusCode).toBe(200);
      });
      // Others in the room are not limited by the flooder.
      expect((await send(w.peer, w.room.id, { text: 'still here' })).statusCode).toBe(201);
    });
  });

  describe("rooms and messages that are not the caller's", () => {
    it('answers 404 for rooms I am not in, whether they exist or not, changing nothing', async () => {
      const w = await buildWorld(t.app);
      const notMine = [w.strangerRoom.id, w.lobby.id, NO_SUCH_ID];
      await nothingChanges(async () => {
        for (const id of notMine) {
          expectError(await send(w.owner, id, { text: 'intrude' }), 404, 'not_found');
          for (const url of [
            `/api/room/${id}`,
            `/api/room/${id}/messages`,
            `/api/room/${id}/messages?after=0`,
          ])
            expectError(await w.owner.asBrowser({ method: 'GET', url }), 404, 'not_found');
          for (const [url, payload] of [
            [`/api/room/${id}/leave`, undefined],
            [`/api/room/${id}/state`, { state_id: 2 }],
          ] as const)
            expectError(
              await w.owner.asBrowser({ method: 'POST', url, payload }),
              404,
              'not_found',
            );
        }
        // A private room I am not invited to is as absent as one that does not exist.
        const hidden = await w.owner.asBrowser({
          method: 'POST',
          url: `/api/room/${w.strangerRoom.id}/enter`,
        });
        const absent = await w.owner.asBrowser({
          method: 'POST',
          url: `/api/room/${NO_SUCH_ID}/enter`,
        });
        expectError(hidden, 404, 'not_found');
        expect(hidden.body).toBe(absent.body);
        expectError(
          await w.moderator.asBrowser({
            method: 'PATCH',
            url: `/api/room/${w.strangerRoom.id}/visibility`,
            payload: { visibility: false },
          }),
          404,
          'not_found',
        );
      });
      const chat = data<{ available: { id: number }[] }>(
        await w.outsider.asBrowser({ method: 'GET', url: '/api/chat' }),
      );
      expect(chat.available.map((r) => r.id)).not.toContain(w.strangerRoom.id);
      expect(chat.available.map((r) => r.id)).not.toContain(w.privateRoom.id);
    });

    it('lets nobody but the author or staff delete a message, and nobody outside see it', async () => {
      const w = await buildWorld(t.app);
      await nothingChanges(async () => {
        // Someone else's message in my room: forbidden, for me or for everyone.
        for (const client of [w.owner, w.guest]) {
          expectError(
            await client.asBrowser({
              method: 'DELETE',
              url: `/api/chat/message/${w.peerMessage.id}`,
            }),
            403,
            'forbidden',
          );
          expectError(
            await client.asBrowser({
              method: 'DELETE',
              url: `/api/chat/message/delete_from_everyone/${w.peerMessage.id}`,
            }),
            403,
            'forbidden',
          );
        }
        // A message of a room I am not in, or none at all: not found.
        for (const id of [w.strangerMessage.id, NO_SUCH_ID]) {
          for (const url of [
            `/api/chat/message/${id}`,
            `/api/chat/message/delete_from_everyone/${id}`,
          ])
            expectError(await w.owner.asBrowser({ method: 'DELETE', url }), 404, 'not_found');
          expectError(
            await w.owner.asBrowser({
              method: 'POST',
              url: `/api/chat/message/${id}/reactions`,
              payload: { reaction: 'like' },
            }),
            404,
            'not_found',
          );
          expectError(
            await w.owner.asBrowser({
              method: 'DELETE',
              url: `/api/chat/message/${id}/reactions/like`,
            }),
            404,
            'not_found',
          );
          expectError(
            await w.owner.asBrowser({ method: 'POST', url: `/api/quote/${id}` }),
            404,
            'not_found',
          );
        }
        // Taking back a reaction I never gave leaves the others' reactions alone.
        expect(
          (
            await w.peer.asBrowser({
              method: 'DELETE',
              url: `/api/chat/message/${w.peerMessage.id}/reactions/like`,
            })
          ).statusCode,
        ).toBe(204);
        expectError(
          await w.owner.asBrowser({ method: 'DELETE', url: `/api/quote/${w.peerMessage.id}` }),
          404,
        );
      });
      // Staff may delete for everyone, even outside the room; a second time finds nothing.
      const gone = recordEvents(t.app, 'chat.message.deleted');
      expect(
        (
          await w.moderator.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/delete_from_everyone/${w.strangerMessage.id}`,
          })
        ).statusCode,
      ).toBe(204);
      expect(gone.map((e) => e.id)).toEqual([w.strangerMessage.id]);
      await nothingChanges(async () => {
        expectError(
          await w.admin.asBrowser({
            method: 'DELETE',
            url: `/api/chat/message/delete_from_everyone/${w.strangerMessage.id}`,
          }),
          404,
          'not_found',
        );
        expectError(
          await w.stranger.asBrowser({
            method: 'POST',
            url: `/api/chat/message/${w.strangerMessage.id}/reactions`,
            payload: { reaction: 'like' },
          }),
          404,
          'not_found',
        );
      });
    });
  });

  describe('reactions and quotes', () => {
    it('refuses reactions that are not in the list, in bodies and in paths', async () => {
      const w = await buildWorld(t.app);
      const url = `/api/chat/message/${w.peerMessage.id}/reactions`;
      await nothingChanges(async () => {
        for (const reaction of [
          '__proto__',
          'constructor',
          'toString',
          'LIKE',
          'like ',
          '<script>',
          '',
          '👍',
          ['like'],
          { like: 1 },
          null,
          1,
        ])
          expectInvalid(await w.owner.asBrowser({ method: 'POST', url, payload: { reaction } }), [
            'reaction',
          ]);
        expectInvalid(await w.owner.asBrowser({ method: 'POST', url, payload: {} }), ['reaction']);
      });
    });

    it('counts one reaction of a kind per user, and rate-limits reacting: 429 with reset headers', async () => {
      const w = await buildWorld(t.app);
      const url = `/api/chat/message/${w.peerMessage.id}/reactions`;
      for (let i = 0; i < 30; i++)
        expect(
          (await w.peer.asBrowser({ method: 'POST', url, payload: { reaction: 'fire' } }))
            .statusCode,
        ).toBe(201);
      const rows = await t.app.deps.database.db
        .selectFrom('reactions')
        .selectAll()
        .where('likeable_id', '=', w.peerMessage.id)
        .where('user_id', '=', w.peer.user.id)
        .execute();
      expect(rows.map((r) => r.reaction)).toEqual(['fire']);
      await nothingChanges(async () => {
        expectRateLimited(
          await w.peer.asBrowser({ method: 'POST', url, payload: { reaction: 'clap' } }),
          10,
        );
      });
    });

    it('keeps quotes to registered users and to messages they may see', async () => {
      const w = await buildWorld(t.app);
      await nothingChanges(async () => {
        expectError(
          await w.guest.asBrowser({ method: 'POST', url: `/api/quote/${w.peerMessage.id}` }),
          403,
          'guest',
        );
        expectError(
          await w.outsider.asBrowser({ method: 'POST', url: `/api/quote/${w.strangerMessage.id}` }),
          404,
        );
        expectError(
          await w.outsider.asBrowser({ method: 'DELETE', url: `/api/quote/${w.ownMessage.id}` }),
          404,
        );
        // Quoting what one already quoted is a no-op.
        expect(
          (await w.owner.asBrowser({ method: 'POST', url: `/api/quote/${w.ownMessage.id}` }))
            .statusCode,
        ).toBe(204);
      });
    });
  });

  describe('rooms', () => {
    const create = (client: Client, payload: Record<string, unknown>) =>
      client.asBrowser({ method: 'POST', url: '/api/room', payload });

    it('stores room names with markup verbatim and takes no owner, id or flags from the client', async () => {
      const w = await buildWorld(t.app);
      const name_ru = '<script>alert("ру")</script>';
      const name_en = `"><img src=x onerror=alert(1)> 𝔸 ${'x'.repeat(20)}`;
      const res = await create(w.peer, {
        name_ru,
        name_en,
        public: false,
        owner_id: w.admin.user.id,
        id: w.room.id,
        is_public: 1,
        position: -5,
      });
      expect(res.statusCode).toBe(201);
      const room = data<RoomDetail>(res);
      expect(room).toMatchObject({
        name: { ru: name_ru, en: name_en },
        public: false,
        owner_id: w.peer.user.id,
      });
      expect(room.id).not.toBe(w.room.id);
      const row = await t.app.deps.database.db
        .selectFrom('rooms')
        .selectAll()
        .where('id', '=', room.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name_ru, name_en, is_public: 0, owner_id: w.peer.user.id });
      const renamed = await w.peer.asBrowser({
        method: 'PATCH',
        url: `/api/room/${room.id}`,
        payload: { name_en: '<b>bold</b>', owner_id: w.outsider.user.id },
      });
      expect(data<{ name: { en: string }; owner_id: number }>(renamed)).toMatchObject({
        name: { en: '<b>bold</b>' },
        owner_id: w.peer.user.id,
      });
    });

    it('refuses blank, overlong and wrongly typed room fields, storing nothing', async () => {
      const w = await buildWorld(t.app);
      const names: unknown[] = ['', '   ', 'x'.repeat(65), [], ['x'], {}, 1, true, null];
      await nothingChanges(async () => {
        for (const name of names) {
          expectInvalid(await create(w.peer, { name_ru: name, name_en: 'ok' }), ['name_ru']);
          expectInvalid(await create(w.peer, { name_ru: 'ok', name_en: name }), ['name_en']);
          if (name === null) continue; // absent fields are fine in a PATCH; null is checked above
          expectInvalid(
            await w.owner.asBrowser({
              method: 'PATCH',
              url: `/api/room/${w.room.id}`,
              payload: { name_en: name },
            }),
            ['name_en'],
          );
        }
        for (const pub of ['maybe', 2, 'yes', null, [], {}, 'TRUE'])
          expectInvalid(await create(w.peer, { name_ru: 'a', name_en: 'b', public: pub }), [
            'public',
          ]);
        expectInvalid(await create(w.peer, {}), ['name_ru', 'name_en']);
      });
    });

    // Regression guard (found by this sweep, now fixed): on PostgreSQL a NUL byte in a room name or status fails the insert/update with a 500
    // (SQLite stores it). Refuse control characters in roomName (packages/shared/src/chat/wire.ts)
    // or store them on both dialects.
    it('answers a NUL byte in a room name with 201 verbatim or 422, never 500', async () => {
      const w = await buildWorld(t.app);
      const res = await create(w.peer, { name_ru: 'a\u0000b', name_en: 'ok' });
      expect([201, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 201) expect(data<RoomDetail>(res).name.ru).toBe('a\u0000b');
      const patched = await w.owner.asBrowser({
        method: 'PATCH',
        url: `/api/room/${w.room.id}`,
        payload: { name_en: 'x\u0000y' },
      });
      expect([200, 422], patched.body).toContain(patched.statusCode);
    });

    it("keeps other people's rooms theirs: rename and invite need the owner or an admin", async () => {
      const w = await buildWorld(t.app);
      await nothingChanges(async () => {
        expectError(
          await w.peer.asBrowser({
            method: 'PATCH',
            url: `/api/room/${w.room.id}`,
            payload: { name_en: 'Mine now' },
          }),
          403,
          'forbidden',
        );
        expectError(
          await w.moderator.asBrowser({
            method: 'PATCH',
            url: `/api/room/${w.room.id}`,
            payload: { public: false },
          }),
          403,
          'forbidden',
        );
        expectError(
          await w.peer.asBrowser({
            method: 'POST',
            url: `/api/room/${w.room.id}/invite`,
            payload: { user_id: w.outsider.user.id },
          }),
          403,
          'forbidden',
        );
      });
      expect(
        (
          await w.admin.asBrowser({
            method: 'PATCH',
            url: `/api/room/${w.room.id}`,
            payload: { name_en: 'Admin was here' },
          })
        ).statusCode,
      ).toBe(200);
    });

    // Regression guard (found by this sweep, now fixed): PATCH /api/room/{id} and POST /api/room/{id}/invite answer 403 for a private room the
    // caller may not see, but 404 for one that does not exist, so anyone can list the private
    // rooms by id (API.md: private rooms "to others they answer 404"). RoomsService.update and
    // .invite (src/features/chat/rooms.service.ts) check `can(...)` after `find`; for a private
    // room the caller is not in nor invited to, throw notFound() instead of forbidden().
    it('answers 404 for private rooms I may not see, exactly as for rooms that do not exist', async () => {
      const w = await buildWorld(t.app);
      const calls = (id: number): [string, InjectOptions][] => [
        ['rename', { method: 'PATCH', url: `/api/room/${id}`, payload: { name_en: 'x' } }],
        [
          'invite',
          {
            method: 'POST',
            url: `/api/room/${id}/invite`,
            payload: { user_id: w.outsider.user.id },
          },
        ],
        ['enter', { method: 'POST', url: `/api/room/${id}/enter` }],
        ['show', { method: 'GET', url: `/api/room/${id}` }],
      ];
      const answers = (r: Res) => `${r.statusCode} ${r.body}`;
      await nothingChanges(async () => {
        for (const [label, call] of calls(w.strangerRoom.id)) {
          const absent = calls(NO_SUCH_ID).find(([l]) => l === label)![1];
          expect(answers(await w.owner.asBrowser(call)), label).toBe(
            answers(await w.owner.asBrowser(absent)),
          );
        }
      });
    });

    it('refuses hostile invitees, sort orders, states and visibility, changing nothing', async () => {
      const w = await buildWorld(t.app);
      const invite = (user_id: unknown) =>
        w.owner.asBrowser({
          method: 'POST',
          url: `/api/room/${w.privateRoom.id}/invite`,
          payload: { user_id },
        });
      const sort = (room: unknown) =>
        w.owner.asBrowser({ method: 'POST', url: '/api/room/sort', payload: { room } });
      const state = (state_id: unknown) =>
        w.owner.asBrowser({
          method: 'POST',
          url: `/api/room/${w.room.id}/state`,
          payload: { state_id },
        });
      const visibility = (client: Client, value: unknown) =>
        client.asBrowser({
          method: 'PATCH',
          url: `/api/room/${w.room.id}/visibility`,
          payload: { visibility: value },
        });
      await nothingChanges(async () => {
        for (const id of ['<script>', -1, 0, 1.5, '1e309', 9_999_999_999_999, {}, 'abc', null])
          expectInvalid(await invite(id), ['user_id']);
        expectInvalid(await invite(NO_SUCH_ID), ['user_id']);
        for (const room of [
          'x',
          [1, 2],
          null,
          { abc: 1 },
          { [w.room.id]: 0 },
          { [w.room.id]: -1 },
          { [w.room.id]: 10_001 },
          { [w.room.id]: 1.5 },
          { [w.room.id]: 'x' },
          { [w.room.id]: {} },
          { [w.room.id]: [] },
          { '-1': 1 },
          { '1e3': 1 },
          { '99999999999': 1 },
          { constructor: 1 },
        ])
          expectInvalid(await sort(room), ['room'], true);
        for (const id of [0, 5, -1, 'x', 1.5, '', {}, null, '<b>2</b>'])
          expectInvalid(await state(id), ['state_id']);
        expectError(await visibility(w.peer, false), 403, 'forbidden');
        for (const value of ['maybe', 2, null, [], {}, 'TRUE'])
          expectInvalid(await visibility(w.moderator, value), ['visibility']);
      });
      // Someone else's room in my sort order is ignored; its position does not move.
      const strangerRow = () =>
        t.app.deps.database.db
          .selectFrom('room_users')
          .selectAll()
          .where('room_id', '=', w.strangerRoom.id)
          .execute();
      const before = await strangerRow();
      expect((await sort({ [w.strangerRoom.id]: 1, [w.room.id]: 2 })).statusCode).toBe(204);
      expect(await strangerRow()).toEqual(before);
    });

    // Regression guard (found by this sweep, now fixed): numeric body fields use z.coerce.number(), which reads true as 1, null and "" as 0 and
    // [2] as 2 (postMessageBody.type_id/mentions in packages/shared/src/chat/wire.ts; state_id and
    // user_id in src/features/chat/rooms.routes.ts). Wrongly typed input must be a 422, not a
    // guess: accept numbers and digit strings only, e.g.
    // z.union([z.number(), z.string().regex(/^\d+$/)]).pipe(z.coerce.number()...).
    it('refuses booleans, null, empty strings and arrays in numeric fields instead of coercing them', async () => {
      const w = await buildWorld(t.app);
      const offenders: string[] = [];
      const tries: [string, () => Promise<Res>][] = [];
      for (const v of [true, [2], [[2]], ' ']) {
        tries.push([
          `type_id=${JSON.stringify(v)}`,
          () => send(w.owner, w.room.id, { text: `t ${JSON.stringify(v)}`, type_id: v }),
        ]);
        tries.push([
          `state_id=${JSON.stringify(v)}`,
          () =>
            w.owner.asBrowser({
              method: 'POST',
              url: `/api/room/${w.room.id}/state`,
              payload: { state_id: v },
            }),
        ]);
      }
      for (const v of [[w.outsider.user.id], [[w.outsider.user.id]], true])
        tries.push([
          `user_id=${JSON.stringify(v)}`,
          () =>
            w.owner.asBrowser({
              method: 'POST',
              url: `/api/room/${w.privateRoom.id}/invite`,
              payload: { user_id: v },
            }),
        ]);
      for (const v of [[true], [[w.peer.user.id]], [null]])
        tries.push([
          `mentions=${JSON.stringify(v)}`,
          () =>
            send(w.owner, w.room.id, {
              text: `hi ${w.peer.user.nick} ${JSON.stringify(v)}`,
              mentions: v,
            }),
        ]);
      for (const [label, call] of tries) {
        const changed = await obs.changes(async () => {
          const res = await call();
          if (res.statusCode !== 422)
            offenders.push(`${label}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        });
        if (changed.length > 0) offenders.push(`${label}: changed ${changed.join(', ')}`);
      }
      expect(offenders, offenders.join('\n')).toEqual([]);
    });
  });

  describe('roles', () => {
    it('gives guests, users, moderators and admins exactly their powers over others', async () => {
      const w: World = await buildWorld(t.app);
      const hide = (c: Client, id: number) =>
        c.asBrowser({ method: 'DELETE', url: `/api/chat/message/${id}` });
      await nothingChanges(async () => {
        expectError(await hide(w.guest, w.ownMessage.id), 403, 'forbidden');
        expectError(await hide(w.peer, w.ownMessage.id), 403, 'forbidden');
        expectError(
          await w.guest.asBrowser({
            method: 'PATCH',
            url: `/api/room/${w.room.id}/visibility`,
            payload: { visibility: false },
          }),
          403,
          'guest',
        );
        expectError(
          await w.guest.asBrowser({
            method: 'POST',
            url: '/api/room',
            payload: { name_ru: 'a', name_en: 'b' },
          }),
          403,
          'guest',
        );
      });
      expect((await hide(w.moderator, w.ownMessage.id)).statusCode).toBe(204);
      expect((await hide(w.admin, w.peerMessage.id)).statusCode).toBe(204);
      // "Delete for me" hides it from that viewer only.
      expect((await history(w.moderator, w.room.id)).map((m) => m.id)).not.toContain(
        w.ownMessage.id,
      );
      expect((await history(w.owner, w.room.id)).map((m) => m.id)).toContain(w.ownMessage.id);
      const moderatorView = json<{ data: { invisible: boolean } }>(
        await w.moderator.asBrowser({
          method: 'POST',
          url: `/api/room/${w.room.id}/visibility`,
          payload: { _method: 'PATCH', visibility: '0' },
        }),
      );
      expect(moderatorView.data.invisible).toBe(true);
    });
  });
});
