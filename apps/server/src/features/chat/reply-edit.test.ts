import {
  MESSAGE_EDIT_WINDOW_MS,
  roomChannel,
  type ChatMessage,
  type ComplaintWire,
  type MessageEdit,
} from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { collect, sleep, subscribed, waitUntil } from '../../test/pusher-clients';
import { useListeningApp } from '../../test/realtime-nodes';
import { MessagesRepository } from './messages.repository';

const dialects = await testDialects();

type Res = Awaited<ReturnType<Client['asBrowser']>>;

const post = (client: Client, roomId: number, payload: Record<string, unknown>) =>
  client.asBrowser({
    method: 'POST',
    url: `/api/room/${roomId}/message`,
    payload: { client_id: clientId(), ...payload },
  });
const say = async (client: Client, roomId: number, text: string, replyTo?: number) => {
  const res = await post(client, roomId, { text, ...(replyTo ? { reply_to: replyTo } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: ChatMessage }>(res).data;
};
const history = async (client: Client, roomId: number) =>
  json<{ data: ChatMessage[] }>(
    await client.asBrowser({ method: 'GET', url: `/api/room/${roomId}/messages` }),
  ).data;
const seenBy = async (client: Client, roomId: number, id: number) =>
  (await history(client, roomId)).find((m) => m.id === id);
const edit = (client: Client, id: number, payload: Record<string, unknown>) =>
  client.asBrowser({ method: 'PATCH', url: `/api/chat/message/${id}`, payload });
const editsOf = (client: Client, id: number) =>
  client.asBrowser({ method: 'GET', url: `/api/chat/message/${id}/edits` });
const markTroll = (moderator: Client, userId: number) =>
  moderator.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${userId}` });
const deleteForEveryone = (client: Client, id: number) =>
  client.asBrowser({ method: 'DELETE', url: `/api/chat/message/delete_from_everyone/${id}` });
const unavailable = (id: number) => ({ id, user: null, text: '', deleted: true });

/** Issue 20, point 4: replies with a quote, and editing one's own message for a few minutes. */
describe.each(dialects)('replies and edits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());
  const db = () => t.app.deps.database.db;
  /** Moves a message's post time back, as if it had been sent that long ago. */
  const age = (id: number, ms: number) =>
    db()
      .updateTable('messages')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('id', '=', id)
      .execute();

  describe('replies', () => {
    it('quote the original (author and a short excerpt) for the replier and the room', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id, { nick: `Anna${clientId().slice(0, 4)}` });
      const bob = await memberOf(t.app, room.id);
      const long = `${'word '.repeat(60)}end`;
      const original = await say(anna, room.id, long);
      const reply = await say(bob, room.id, 'agreed', original.id);
      expect(reply.reply_to).toMatchObject({
        id: original.id,
        user: { id: anna.user.id, slug: anna.user.slug, nick: anna.user.nick },
      });
      expect(reply.reply_to!.deleted).toBeUndefined();
      expect([...reply.reply_to!.text].length).toBeLessThanOrEqual(120);
      expect(reply.reply_to!.text).toMatch(/^word word .*…$/);
      expect(reply.abilities).toMatchObject({ edit: true, reply: true });
      expect((await seenBy(anna, room.id, reply.id))?.reply_to).toEqual(reply.reply_to);
      expect((await seenBy(anna, room.id, original.id))?.reply_to).toBeNull();
    });

    it('refuse what the replier may not answer alike: unknown, another room, deleted, a private room', async () => {
      const room = await buildRoom(t.app);
      const other = await buildRoom(t.app);
      const hidden = await buildRoom(t.app, { is_public: 0 });
      const bob = await memberOf(t.app, room.id);
      const inBoth = await memberOf(t.app, other.id);
      await inBoth.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` });
      const elsewhere = await say(inBoth, other.id, 'in the other room');
      const gone = await say(bob, room.id, 'soon gone');
      expect((await deleteForEveryone(bob, gone.id)).statusCode).toBe(204);
      const secret = await db()
        .insertInto('messages')
        .values({
          room_id: hidden.id,
          user_id: inBoth.user.id,
          type_id: 1,
          text: 'a private room secret',
          nicks: '[]',
          attachments: '[]',
          client_id: clientId(),
          created_at: new Date().toISOString(),
          deleted_at: null,
          gif_id: null,
          reply_to_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await history(bob, room.id);
      for (const target of [999_999, elsewhere.id, gone.id, secret.id]) {
        const res = await post(bob, room.id, { text: `re ${target}`, reply_to: target });
        const body = expectInvalid(res, ['reply_to']);
        expect(res.body).not.toContain('secret');
        expect(res.body).not.toContain('soon gone');
        expect(body.errors?.reply_to?.[0]).toMatch(/not available|недоступно/);
      }
      // Even a member of both rooms cannot carry a message from one into the other.
      expectInvalid(await post(inBoth, room.id, { text: 'x', reply_to: elsewhere.id }), [
        'reply_to',
      ]);
      expect(await history(bob, room.id)).toEqual(before);
    });

    it('refuse hostile reply_to values with 422, storing nothing', async () => {
      const room = await buildRoom(t.app);
      const bob = await memberOf(t.app, room.id);
      const target = await say(bob, room.id, 'target');
      for (const reply_to of [{ id: target.id }, 'abc', -1, 0, [target.id], '<b>1</b>'])
        expectInvalid(await post(bob, room.id, { text: 'hostile', reply_to }), ['reply_to']);
      expect((await history(bob, room.id)).map((m) => m.text)).toEqual(['target']);
    });

    it("take the original's words out of every reply once it is deleted for everyone", async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const original = await say(anna, room.id, 'a regrettable sentence');
      const reply = await say(bob, room.id, 'what?', original.id);
      expect((await deleteForEveryone(anna, original.id)).statusCode).toBe(204);
      for (const who of [anna, bob, moderator]) {
        const res = await who.asBrowser({ method: 'GET', url: `/api/room/${room.id}/messages` });
        expect(res.body).not.toContain('regrettable');
        const seen = json<{ data: ChatMessage[] }>(res).data.find((m) => m.id === reply.id);
        expect(seen?.reply_to).toEqual(unavailable(original.id));
      }
      // The room's page too.
      const page = await bob.asBrowser({ method: 'GET', url: `/api/room/${room.id}` });
      expect(page.body).not.toContain('regrettable');
    });

    it("never answer a troll's message but the troll's own, and hide a later troll's words from others", async () => {
      const room = await buildRoom(t.app);
      const troll = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const early = await say(troll, room.id, 'said before the mark');
      const bobsReply = await say(bob, room.id, 'answering', early.id);
      expect((await markTroll(moderator, troll.user.id)).statusCode).toBe(204);
      const trolled = await say(troll, room.id, 'trolling words');

      // A public answer would show the shadow-banned message: refused to staff as to anyone.
      for (const who of [bob, moderator])
        expectInvalid(await post(who, room.id, { text: 'hm', reply_to: trolled.id }), ['reply_to']);
      expect((await seenBy(moderator, room.id, trolled.id))?.abilities?.reply).toBe(false);
      // The troll answers themselves (their answer reaches whom their message reaches).
      const own = await say(troll, room.id, 'me again', trolled.id);
      expect(own.reply_to?.text).toBe('trolling words');

      // Bob's reply was to a message of someone marked later: others no longer read it there.
      const res = await bob.asBrowser({ method: 'GET', url: `/api/room/${room.id}/messages` });
      expect(res.body).not.toContain('said before the mark');
      expect(
        json<{ data: ChatMessage[] }>(res).data.find((m) => m.id === bobsReply.id)?.reply_to,
      ).toEqual(unavailable(early.id));
      // Those who see trolls, and the troll, still do.
      for (const who of [moderator, troll])
        expect((await seenBy(who, room.id, bobsReply.id))?.reply_to?.text).toBe(
          'said before the mark',
        );
    });

    it('follow an edit of the original', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const original = await say(anna, room.id, 'teh typo');
      const reply = await say(bob, room.id, 'nice', original.id);
      expect((await edit(anna, original.id, { text: 'the typo' })).statusCode).toBe(200);
      expect((await seenBy(bob, room.id, reply.id))?.reply_to?.text).toBe('the typo');
    });
  });

  describe('edits', () => {
    it("change one's own message within the window: edited_at, new mentions, the old text kept", async () => {
      const room = await buildRoom(t.app);
      const nick = `Carl${clientId()
        .slice(0, 5)
        .replace(/[^A-Za-z0-9]/g, 'x')}`;
      const anna = await memberOf(t.app, room.id);
      const carl = await memberOf(t.app, room.id, { nick });
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const message = await say(anna, room.id, 'hello evryone');
      expect(message.edited_at).toBeNull();
      expect(message.abilities?.edit).toBe(true);
      expect((await seenBy(carl, room.id, message.id))?.abilities?.edit).toBe(false);

      const res = await edit(anna, message.id, { text: `hello everyone and ${nick} <b>hi</b>` });
      expect(res.statusCode, res.body).toBe(200);
      const edited = json<{ data: ChatMessage }>(res).data;
      expect(edited).toMatchObject({
        id: message.id,
        text: `hello everyone and ${nick} <b>hi</b>`,
        nicks: [{ nick, user_id: carl.user.id }],
        created_at: message.created_at,
      });
      expect(edited.edited_at).toEqual(expect.any(String));
      expect((await seenBy(carl, room.id, message.id))?.text).toBe(edited.text);

      expect((await edit(anna, message.id, { text: 'third time' })).statusCode).toBe(200);
      const history = json<{ data: MessageEdit[] }>(await editsOf(moderator, message.id)).data;
      expect(history.map((e) => e.text)).toEqual([
        'hello evryone',
        `hello everyone and ${nick} <b>hi</b>`,
      ]);
      expect(history[0]!.written_at).toBe(message.created_at);
      expect(history[1]!.written_at).toBe(edited.edited_at);
      // The same text again changes nothing.
      expect((await edit(anna, message.id, { text: 'third time' })).statusCode).toBe(200);
      expect(json<{ data: MessageEdit[] }>(await editsOf(moderator, message.id)).data).toHaveLength(
        2,
      );
    });

    it('keep the edit history for moderators only', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const message = await say(anna, room.id, 'first');
      await edit(anna, message.id, { text: 'second' });
      for (const who of [anna, bob]) expectError(await editsOf(who, message.id), 403, 'forbidden');
      const admin = await memberOf(t.app, room.id, { role: 'admin' });
      expect(json<{ data: MessageEdit[] }>(await editsOf(admin, message.id)).data).toHaveLength(1);
      expectError(await editsOf(admin, 999_999), 404, 'not_found');
    });

    it("keep a private room's edit history from staff who are not in it (404, as if none)", async () => {
      const owner = await signedIn(t.app, await buildUser(t.app));
      const room = await buildRoom(t.app, { is_public: 0, owner_id: owner.user.id });
      expect(
        (await owner.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
      ).toBe(200);
      const message = await say(owner, room.id, 'private words');
      expect((await edit(owner, message.id, { text: 'private edit' })).statusCode).toBe(200);
      const outside = await buildRoom(t.app);
      for (const role of ['moderator', 'admin'] as const) {
        const staff = await memberOf(t.app, outside.id, { role });
        const res = await editsOf(staff, message.id);
        expectError(res, 404, 'not_found');
        expect(res.body).not.toContain('private words');
      }
      // A moderator the owner let in reads it as any member of the room reads its messages.
      const inside = await signedIn(t.app, await buildUser(t.app, { role: 'moderator' }));
      await db()
        .insertInto('room_invites')
        .values({
          room_id: room.id,
          user_id: inside.user.id,
          invited_by: owner.user.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      expect(
        (await inside.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` })).statusCode,
      ).toBe(200);
      const edits = json<{ data: MessageEdit[] }>(await editsOf(inside, message.id)).data;
      expect(edits.map((e) => e.text)).toEqual(['private words']);
    });

    it("refuse someone else's message, a closed window, a gag, a deleted message and outsiders", async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const outsider = await memberOf(t.app, (await buildRoom(t.app)).id);
      const message = await say(anna, room.id, 'as said');
      const refused = async (res: Res, status: number, code?: string) => {
        expectError(res, status, code);
        expect((await seenBy(anna, room.id, message.id))?.text).toBe('as said');
      };
      await refused(await edit(bob, message.id, { text: 'bob was here' }), 403, 'forbidden');
      await refused(await edit(moderator, message.id, { text: 'mod was here' }), 403, 'forbidden');
      await refused(await edit(outsider, message.id, { text: 'outsider' }), 404, 'not_found');
      await refused(await edit(anna, 999_999, { text: 'nothing' }), 404, 'not_found');

      await db()
        .updateTable('users')
        .set({ gag_until: new Date(Date.now() + 60_000).toISOString() })
        .where('id', '=', anna.user.id)
        .execute();
      await refused(await edit(anna, message.id, { text: 'gagged' }), 403, 'gagged');
      await db()
        .updateTable('users')
        .set({ gag_until: null })
        .where('id', '=', anna.user.id)
        .execute();

      await age(message.id, MESSAGE_EDIT_WINDOW_MS + 1000);
      const late = await edit(anna, message.id, { text: 'too late' });
      await refused(late, 403, 'forbidden');
      expect(json<{ message: string }>(late).message).toMatch(
        /no longer be edited|больше нельзя изменить/,
      );
      expect((await seenBy(anna, room.id, message.id))?.abilities?.edit).toBe(false);

      const fresh = await say(anna, room.id, 'soon deleted');
      expect((await deleteForEveryone(anna, fresh.id)).statusCode).toBe(204);
      expectError(await edit(anna, fresh.id, { text: 'revived' }), 404, 'not_found');
    });

    it('refuse an edit when a gag or a ban commits between the session check and the write', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const message = await say(anna, room.id, 'before the sanction');
      const until = new Date(Date.now() + 60_000).toISOString();
      for (const [column, code] of [
        ['gag_until', 'gagged'],
        ['ban_until', 'banned'],
      ] as const) {
        // The sanction lands inside the edit's own unit of work, just before its write: as a
        // moderator's commit that the session (read before) could not have seen.
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its `this`
        const original = MessagesRepository.prototype.edit;
        const spy = vi
          .spyOn(MessagesRepository.prototype, 'edit')
          .mockImplementationOnce(async function (this: MessagesRepository, trx, ...rest) {
            await trx
              .updateTable('users')
              .set({ [column]: until })
              .where('id', '=', anna.user.id)
              .execute();
            return original.call(this, trx, ...rest);
          });
        try {
          expectError(await edit(anna, message.id, { text: `after the ${code}` }), 403, code);
        } finally {
          spy.mockRestore();
        }
        expect((await seenBy(anna, room.id, message.id))?.text).toBe('before the sanction');
      }
    });

    it('refuse, changing nothing, an edit of a message its author deleted for themself', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const message = await say(anna, room.id, 'as the room read it');
      const hide = await anna.asBrowser({
        method: 'DELETE',
        url: `/api/chat/message/${message.id}`,
      });
      expect(hide.statusCode).toBe(204);
      // Written without the room hearing it would be a silent rewrite: refused before any write.
      expectError(await edit(anna, message.id, { text: 'quietly rewritten' }), 404, 'not_found');
      expect((await seenBy(bob, room.id, message.id))?.text).toBe('as the room read it');
      expect((await seenBy(bob, room.id, message.id))?.edited_at).toBeNull();
    });

    it('apply the text rules of posting, and refuse hostile bodies', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const message = await say(anna, room.id, 'plain');
      for (const payload of [
        { text: '   ' },
        { text: 'x'.repeat(1001) },
        { text: { toString: 'x' } },
        { text: ['a'] },
        { text: 'a\u202Eb' },
        {},
      ])
        expectInvalid(await edit(anna, message.id, payload), ['text']);
      expect((await seenBy(anna, room.id, message.id))?.text).toBe('plain');
      const res = await anna.asBrowser({
        method: 'PATCH',
        url: `/api/chat/message/${message.id}`,
        headers: { 'content-type': 'application/json' },
        payload: '{"text":"ok","__proto__":{"polluted":1}}',
      });
      expect(res.statusCode).toBe(422);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('limit edits to 10 a minute', async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const message = await say(anna, room.id, 'v0');
      for (let i = 1; i <= 10; i++)
        expect((await edit(anna, message.id, { text: `v${i}` })).statusCode).toBe(200);
      expectError(await edit(anna, message.id, { text: 'v11' }), 429, 'too_many_requests');
    });

    it("leave a complaint's evidence as it was reported", async () => {
      const room = await buildRoom(t.app);
      const anna = await memberOf(t.app, room.id);
      const bob = await memberOf(t.app, room.id);
      const moderator = await memberOf(t.app, room.id, { role: 'moderator' });
      const message = await say(anna, room.id, 'an insult');
      const filed = await bob.asBrowser({
        method: 'POST',
        url: '/api/complaints',
        payload: { target_type: 'message', target_id: message.id, reason: 'insult' },
      });
      expect(filed.statusCode, filed.body).toBe(201);
      const complaint = json<{ data: ComplaintWire }>(filed).data;
      expect((await edit(anna, message.id, { text: 'a compliment' })).statusCode).toBe(200);
      const detail = json<{ data: ComplaintWire }>(
        await moderator.asBrowser({ method: 'GET', url: `/api/complaints/${complaint.id}` }),
      ).data;
      expect(detail.evidence?.text).toBe('an insult');
    });
  });
});

describe('MessageUpdated on the socket', () => {
  const node = useListeningApp();
  const { socketOf } = node;

  it("tells the room an edit (a troll's only to those who may see trolls), quotes as all may see them", async () => {
    const app = node.t.app;
    const room = await buildRoom(app);
    const troll = await memberOf(app, room.id);
    const other = await memberOf(app, room.id);
    const moderator = await memberOf(app, room.id, { role: 'moderator' });
    const early = await say(troll, room.id, 'before the mark');
    const modsReply = await say(moderator, room.id, 'hm', early.id);
    expect((await markTroll(moderator, troll.user.id)).statusCode).toBe(204);
    const trolled = await say(troll, room.id, 'troll text');
    const heard = async (who: Client) =>
      collect<ChatMessage>(
        await subscribed(await socketOf(who), roomChannel(room.id)),
        'MessageUpdated',
      );
    const atOther = await heard(other);
    const atModerator = await heard(moderator);

    expect((await edit(troll, trolled.id, { text: 'troll edit' })).statusCode).toBe(200);
    const mine = json<{ data: ChatMessage }>(
      await edit(moderator, modsReply.id, { text: 'hm, edited' }),
    ).data;
    // The moderator reads the troll's words in their own answer, the room does not.
    expect(mine.reply_to?.text).toBe('before the mark');
    await waitUntil(() => atOther.length === 1 && atModerator.length === 2);
    await sleep(150);
    expect(atOther.map((m) => m.text)).toEqual(['hm, edited']);
    expect(atModerator.map((m) => m.text)).toEqual(['troll edit', 'hm, edited']);
    expect(atOther[0]!.reply_to).toEqual(unavailable(early.id));
    expect(atModerator[1]!.reply_to).toEqual(unavailable(early.id));
    expect(atOther[0]!.edited_at).toEqual(expect.any(String));
    expect(atOther[0]!.abilities).toBeUndefined();
  });
});
