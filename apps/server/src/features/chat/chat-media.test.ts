import type { Attachment, ChatMessage, Gif } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoGifs } from '../../db/seed/seed-gifs';
import { nowIso } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();
const NO_SUCH_ID = 2 ** 31 - 1;

/** GIFs, pictures, "/me" actions and typed mentions in public-room messages. */
describe.each(dialects)('messages with GIFs, pictures and mentions on %s', (dialect) => {
  let t: TestApp;
  let gifs: Gif[];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '100' });
    await seedDemoGifs(t.database);
    gifs = json<{ data: Gif[] }>(await t.app.inject({ method: 'GET', url: '/api/gifs' })).data;
  });
  afterAll(async () => t.close());

  const send = (client: Client, roomId: number, body: Record<string, unknown>, locale = 'en') =>
    client.asBrowser({
      method: 'POST',
      url: `/api/room/${roomId}/message`,
      headers: { 'x-localization': locale },
      payload: { text: '', client_id: clientId(), ...body },
    });
  const history = async (client: Client, roomId: number) =>
    json<{ data: ChatMessage[] }>(
      await client.asBrowser({ method: 'GET', url: `/api/room/${roomId}/messages` }),
    ).data;
  const countMessages = async (roomId: number) =>
    (
      await t.database.db
        .selectFrom('messages')
        .select('id')
        .where('room_id', '=', roomId)
        .execute()
    ).length;
  const errorsOf = (res: Parameters<typeof json>[0]) =>
    json<{ message: string; errors: Record<string, string[]> }>(res);

  /** An upload row as the pipeline leaves it, straight in the database. */
  const attachment = async (
    userId: number,
    overrides: { status?: string; adult?: number } = {},
  ): Promise<number> => {
    const at = nowIso();
    const row = await t.database.db
      .insertInto('attachments')
      .values({
        user_id: userId,
        purpose: 'attachment',
        status: overrides.status ?? 'complete',
        mime: 'image/png',
        width: 40,
        height: 30,
        size: 1234,
        adult: overrides.adult ?? 0,
        adult_marked: overrides.adult ?? 0,
        original_key: null,
        file_key: `files/${clientId()}.png`,
        thumb_key: `thumbs/${clientId()}.webp`,
        error: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  describe('GIFs', () => {
    it('sends a library GIF with no text; everyone sees it, live and in history', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      const stored = recordEvents(t.app, 'chat.message.stored');
      const gif = gifs[4]!;
      const res = await send(anna, room.id, { type_id: 4, gif_id: gif.id });
      expect(res.statusCode, res.body).toBe(201);
      const message = json<{ data: ChatMessage }>(res).data;
      expect(message).toMatchObject({ type_id: 4, text: '', gif, attachments: [] });
      expect(stored.at(-1)?.message.gif).toEqual(gif);
      expect((await history(boris, room.id)).at(-1)).toMatchObject({ id: message.id, gif });
      // A caption is allowed; form bodies work too.
      const form = await anna.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `text=${encodeURIComponent('Это я')}&client_id=${clientId()}&type_id=4&gif_id=${gifs[5]!.id}`,
      });
      expect(form.statusCode, form.body).toBe(201);
      expect(json<{ data: ChatMessage }>(form).data).toMatchObject({ text: 'Это я', gif: gifs[5] });
      // Plain messages carry no GIF.
      expect(json<{ data: ChatMessage }>(await send(anna, room.id, { text: 'hi' })).data.gif).toBe(
        null,
      );
    });

    it('refuses a GIF message without a real GIF, and a GIF on any other type', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const before = await countMessages(room.id);
      for (const body of [
        { type_id: 4 },
        { type_id: 4, gif_id: NO_SUCH_ID },
        { type_id: 4, text: 'hi', gif_id: NO_SUCH_ID },
        { type_id: 1, text: 'hi', gif_id: gifs[0]!.id },
        { type_id: 2, text: 'waves', gif_id: gifs[0]!.id },
      ]) {
        const res = await send(anna, room.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(errorsOf(res).errors), JSON.stringify(body)).toEqual(['gif_id']);
      }
      expect(await countMessages(room.id)).toBe(before);
      const recent = await t.database.db
        .selectFrom('recent_gifs')
        .select('id')
        .where('user_id', '=', anna.user.id)
        .execute();
      expect(recent).toEqual([]);
    });

    it('answers hostile gif_id and attachments values with 422, storing nothing', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const before = await countMessages(room.id);
      const bad: [string, unknown][] = [
        ['gif_id', { id: gifs[0]!.id }],
        ['gif_id', [gifs[0]!.id]],
        ['gif_id', 'abc'],
        ['gif_id', true],
        ['gif_id', null],
        ['gif_id', -1],
        ['gif_id', 1.5],
        ['gif_id', 2 ** 31],
        ['gif_id', '<script>1</script>'],
        ['attachments', 'x'],
        ['attachments', String(gifs[0]!.id)],
        ['attachments', { 0: 1 }],
        ['attachments', [{ id: 1 }]],
        ['attachments', Array(11).fill(1)],
      ];
      for (const [field, value] of bad) {
        const res = await send(anna, room.id, { type_id: 4, gif_id: gifs[0]!.id, [field]: value });
        expect(res.statusCode, `${field}=${JSON.stringify(value)}: ${res.body}`).toBe(422);
        expect(Object.keys(errorsOf(res).errors).some((k) => k.startsWith(field))).toBe(true);
      }
      for (const payload of [
        `{"text":"","client_id":"${clientId()}","type_id":4,"gif_id":{"__proto__":{"polluted":1}}}`,
        `{"text":"","client_id":"${clientId()}","type_id":4,"gif_id":${gifs[0]!.id},"__proto__":{"type_id":1}}`,
        `{"text":"x","client_id":"${clientId()}","attachments":{"__proto__":[1]}}`,
      ]) {
        const res = await anna.asBrowser({
          method: 'POST',
          url: `/api/room/${room.id}/message`,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(422);
      }
      const form = await anna.asBrowser({
        method: 'POST',
        url: `/api/room/${room.id}/message`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `text=&client_id=${clientId()}&type_id=4&gif_id[__proto__][polluted]=1`,
      });
      expect(form.statusCode, form.body).toBe(422);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await countMessages(room.id)).toBe(before);
    });
  });

  describe('message types', () => {
    it('posts "/me" actions with text only, and never a notice from the site', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const action = await send(anna, room.id, { type_id: 2, text: 'машет всем рукой' });
      expect(action.statusCode, action.body).toBe(201);
      expect(json<{ data: ChatMessage }>(action).data).toMatchObject({
        type_id: 2,
        text: 'машет всем рукой',
      });
      const before = await countMessages(room.id);
      const empty = await send(anna, room.id, { type_id: 2, text: '  ' });
      expect(empty.statusCode).toBe(422);
      expect(Object.keys(errorsOf(empty).errors)).toEqual(['text']);
      // Even with a picture, an action needs its words.
      const picture = await attachment(anna.user.id);
      expect((await send(anna, room.id, { type_id: 2, attachments: [picture] })).statusCode).toBe(
        422,
      );
      for (const type_id of [3, '3']) {
        const system = await send(anna, room.id, { type_id, text: 'The site says' });
        expect(system.statusCode).toBe(422);
        expect(Object.keys(errorsOf(system).errors)).toEqual(['type_id']);
      }
      expect(await countMessages(room.id)).toBe(before);
    });
  });

  describe('pictures', () => {
    it('sends my own complete pictures, with or without text, in the given order', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      const [first, second] = [await attachment(anna.user.id), await attachment(anna.user.id)];
      const res = await send(anna, room.id, { attachments: [second, first, second] });
      expect(res.statusCode, res.body).toBe(201);
      const message = json<{ data: ChatMessage }>(res).data;
      expect(message.text).toBe('');
      expect(message.attachments.map((a: Attachment) => a.id)).toEqual([second, first]);
      expect(message.attachments[0]).toMatchObject({
        status: 'complete',
        mime: 'image/png',
        width: 40,
        height: 30,
        adult: 0,
      });
      expect(message.attachments[0]!.url).toEqual(expect.any(String));
      expect((await history(boris, room.id)).at(-1)?.attachments).toEqual(message.attachments);
      const withText = await send(anna, room.id, {
        text: 'look',
        attachments: [await attachment(anna.user.id)],
      });
      expect(withText.statusCode, withText.body).toBe(201);
    });

    it('refuses pictures that are not mine, not ready, missing or 18+, storing nothing', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      const mine = await attachment(anna.user.id);
      const theirs = await attachment(boris.user.id);
      const pending = await attachment(anna.user.id, { status: 'in-process' });
      const failed = await attachment(anna.user.id, { status: 'error' });
      const before = await countMessages(room.id);
      for (const ids of [[theirs], [mine, theirs], [pending], [failed], [NO_SUCH_ID]]) {
        const res = await send(anna, room.id, { text: 'x', attachments: ids });
        expect(res.statusCode, JSON.stringify(ids)).toBe(422);
        expect(Object.keys(errorsOf(res).errors)).toEqual(['attachments']);
      }
      const adult = await attachment(anna.user.id, { adult: 1 });
      const en = await send(anna, room.id, { text: 'x', attachments: [adult] }, 'en');
      expect(en.statusCode).toBe(422);
      expect(errorsOf(en).errors.attachments![0]).toMatch(/cannot be sent to the public chat/);
      const ru = await send(anna, room.id, { text: 'x', attachments: [mine, adult] }, 'ru');
      expect(errorsOf(ru).errors.attachments![0]).toMatch(/нельзя отправить в общий чат/);
      expect(await countMessages(room.id)).toBe(before);
      // Still sendable once the bad ones are left out.
      expect((await send(anna, room.id, { attachments: [mine] })).statusCode).toBe(201);
    });

    it('shows a picture of a private room to its members and to no stranger', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const boris = await memberOf(t.app, room.id);
      await t.database.db
        .updateTable('rooms')
        .set({ is_public: 0 })
        .where('id', '=', room.id)
        .execute();
      const stranger = await signedIn(t.app, await buildUser(t.app));
      const picture = await attachment(anna.user.id);
      const show = (client: Client) =>
        client.asBrowser({ method: 'GET', url: `/api/upload/${picture}` });
      // Before it is sent, only its owner sees it.
      expect((await show(boris)).statusCode).toBe(404);
      expect((await send(anna, room.id, { attachments: [picture] })).statusCode).toBe(201);
      expect((await show(anna)).statusCode).toBe(200);
      const seen = await show(boris);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(json<{ data: Attachment }>(seen).data.id).toBe(picture);
      expect((await show(stranger)).statusCode).toBe(404);
      // In a public room anyone may read the history, so anyone may see its pictures.
      const open = await buildRoom(t.app);
      const carl = await memberOf(t.app, open.id);
      const shared = await attachment(carl.user.id);
      expect((await send(carl, open.id, { attachments: [shared] })).statusCode).toBe(201);
      expect(
        (await stranger.asBrowser({ method: 'GET', url: `/api/upload/${shared}` })).statusCode,
      ).toBe(200);
    });
  });

  describe('typed mentions', () => {
    it('counts a member’s nick typed by hand, longest first, never the author or a stranger', async () => {
      const s = Math.random().toString(36).slice(2, 6);
      const room = await buildRoom(t.app);
      const author = await memberOf(t.app, room.id, { nick: `Автор${s}` });
      const boris = await memberOf(t.app, room.id, { nick: `Борис${s}` });
      const ann = await memberOf(t.app, room.id, { nick: `Ann${s}` });
      const annMaria = await memberOf(t.app, room.id, { nick: `Ann${s} Maria` });
      await buildUser(t.app, { nick: `Чужой${s}` });
      const stored = recordEvents(t.app, 'chat.message.stored');
      const res = await send(author, room.id, {
        text: `@борис${s}, ann${s} maria и автор${s}, чужой${s}: привет! Ann${s}x`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const expected = [
        { nick: `Борис${s}`, user_id: boris.user.id },
        { nick: `Ann${s} Maria`, user_id: annMaria.user.id },
      ];
      expect(json<{ data: ChatMessage }>(res).data.nicks).toEqual(expected);
      expect(stored.at(-1)?.message.nicks).toEqual(expected);
      expect((await history(ann, room.id)).at(-1)?.nicks).toEqual(expected);
      // The shorter nick on its own is found too; a clicked mention still counts once.
      const second = await send(author, room.id, {
        text: `ANN${s}, and Борис${s}`,
        mentions: [boris.user.id],
      });
      expect(json<{ data: ChatMessage }>(second).data.nicks).toEqual([
        { nick: `Борис${s}`, user_id: boris.user.id },
        { nick: `Ann${s}`, user_id: ann.user.id },
      ]);
    });

    it('keeps an invisible member out of typed mentions', async () => {
      const s = Math.random().toString(36).slice(2, 6);
      const room = await buildRoom(t.app);
      const author = await memberOf(t.app, room.id);
      const hidden = await memberOf(t.app, room.id, { nick: `Тень${s}` });
      await t.database.db
        .updateTable('room_users')
        .set({ invisible: 1 })
        .where('room_id', '=', room.id)
        .where('user_id', '=', hidden.user.id)
        .execute();
      const res = await send(author, room.id, { text: `тень${s}?` });
      expect(json<{ data: ChatMessage }>(res).data.nicks).toEqual([]);
    });
  });
});
