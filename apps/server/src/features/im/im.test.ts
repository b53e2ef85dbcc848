import type {
  ImCatchUp,
  ImChannel,
  ImChannelsPage,
  ImMessage,
  ImMessagesPage,
  UserData,
} from '@chat/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { clientId, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();

/** The same client asking for English messages (the site's default is Russian). */
function inEnglish(client: Client): Client {
  const en = (opts: InjectOptions): InjectOptions => ({
    ...opts,
    headers: { 'x-localization': 'en', ...(opts.headers ?? {}) },
  });
  return {
    ...client,
    asBrowser: (opts) => client.asBrowser(en(opts)),
    asBearer: (opts) => client.asBearer(en(opts)),
  };
}

describe.each(dialects)('private messages on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  const person = async (role = 'user') =>
    inEnglish(await signedIn(t.app, await buildUser(t.app, { role })));
  const open = (client: Client, userId: number) =>
    client.asBrowser({ method: 'POST', url: '/api/im/channels', payload: { user_id: userId } });
  const channelWith = async (a: Client, b: Client) =>
    json<{ data: ImChannel }>(await open(a, b.user.id)).data;
  const send = (client: Client, channelId: number, body: Record<string, unknown> = {}) =>
    client.asBrowser({
      method: 'POST',
      url: `/api/im/channel/${channelId}`,
      payload: { text: `hello ${clientId()}`, client_id: clientId(), ...body },
    });
  const sent = async (client: Client, channelId: number, text?: string) => {
    const res = await send(client, channelId, text === undefined ? {} : { text });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ data: ImMessage }>(res).data;
  };
  const page = async (client: Client, channelId: number, query = '') => {
    const res = await client.asBrowser({
      method: 'GET',
      url: `/api/im/message/${channelId}${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<ImMessagesPage>(res);
  };
  const list = async (client: Client, query = '') => {
    const res = await client.asBrowser({ method: 'GET', url: `/api/im/channels${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<ImChannelsPage>(res);
  };
  const read = (client: Client, channelId: number) =>
    client.asBrowser({ method: 'POST', url: `/api/im/channel/${channelId}/read` });
  const unread = async (client: Client) =>
    json<{ data: { user: UserData } }>(
      await client.asBrowser({ method: 'GET', url: '/api/init?platform=pc' }),
    ).data.user.counters.im_unread_count;
  const remove = (client: Client, id: number) =>
    client.asBrowser({ method: 'DELETE', url: `/api/im/message/${id}` });
  const restore = (client: Client, id: number) =>
    client.asBrowser({ method: 'POST', url: `/api/im/message/${id}/restore` });

  describe('channels', () => {
    it('makes one channel per pair on first use (201), then answers it (200) to either person', async () => {
      const [a, b] = [await person(), await person()];
      const first = await open(a, b.user.id);
      expect(first.statusCode).toBe(201);
      const channel = json<{ data: ImChannel }>(first).data;
      expect(channel).toMatchObject({
        user: { id: b.user.id },
        last_message: null,
        new_messages: 0,
        blocked: null,
      });
      const again = await open(a, b.user.id);
      expect(again.statusCode).toBe(200);
      expect(json<{ data: ImChannel }>(again).data.id).toBe(channel.id);
      const theirs = await open(b, a.user.id);
      expect(theirs.statusCode).toBe(200);
      expect(json<{ data: ImChannel }>(theirs).data).toMatchObject({
        id: channel.id,
        user: { id: a.user.id },
      });
    });

    it('keeps one channel when both people open it many times at once', async () => {
      const [a, b] = [await person(), await person()];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? open(a, b.user.id) : open(b, a.user.id))),
      );
      const ids = new Set(answers.map((r) => json<{ data: ImChannel }>(r).data.id));
      expect(ids.size).toBe(1);
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const rows = await t.database.db
        .selectFrom('im_channels')
        .select('id')
        .where('user_low_id', '=', Math.min(a.user.id, b.user.id))
        .where('user_high_id', '=', Math.max(a.user.id, b.user.id))
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses yourself (422), nobody (404), a guest opener (403 guest) and a guest recipient (403)', async () => {
      const a = await person();
      const guest = await person('guest');
      const self = await open(a, a.user.id);
      expect(self.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(self).errors.user_id).toEqual([
        'You cannot write to yourself.',
      ]);
      expect((await open(a, 2 ** 31 - 1)).statusCode).toBe(404);
      const byGuest = await open(guest, a.user.id);
      expect(byGuest.statusCode).toBe(403);
      expect(json<{ code: string; message: string }>(byGuest)).toEqual({
        code: 'guest',
        message: 'This action is only available for registered users.',
      });
      const toGuest = await open(a, guest.user.id);
      expect(toGuest.statusCode).toBe(403);
      expect(json<{ message: string }>(toGuest).message).toBe(
        'Guests cannot receive private messages.',
      );
    });

    it('lists channels newest activity first, with the other person, last message and unread count', async () => {
      const me = await person();
      const [x, y, z] = [await person(), await person(), await person()];
      const cx = await channelWith(me, x);
      const cy = await channelWith(me, y);
      const cz = await channelWith(z, me); // opened by z, empty: not in my list yet
      // Activity is ordered by time: keep each step in its own millisecond.
      const tick = () => new Promise((r) => setTimeout(r, 5));
      await sent(x, cx.id, 'from x');
      await tick();
      await sent(me, cy.id, 'to y');
      let mine = await list(me);
      expect(mine.data.map((c) => c.id)).toEqual([cy.id, cx.id]);
      await tick();
      await sent(z, cz.id, 'from z');
      await tick();
      await sent(x, cx.id, 'x again');
      mine = await list(me);
      expect(mine.data.map((c) => c.id)).toEqual([cx.id, cz.id, cy.id]);
      expect(mine.data[0]).toMatchObject({
        user: { id: x.user.id },
        last_message: { text: 'x again', user: { id: x.user.id } },
        new_messages: 2,
      });
      expect(mine.data[2]).toMatchObject({ new_messages: 0, last_message: { text: 'to y' } });
      expect(mine.meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 3 });
      // Each person sees the other one as `user`.
      expect((await list(x)).data[0]).toMatchObject({ id: cx.id, user: { id: me.user.id } });
      expect((await list(me, '?page=2')).data).toEqual([]);
    });

    it('pages the channel list 50 a page', async () => {
      const me = await person();
      const at = nowIso();
      const others = await Promise.all(Array.from({ length: 53 }, () => buildUser(t.app)));
      for (const [i, other] of others.entries()) {
        const channel = await t.database.db
          .insertInto('im_channels')
          .values({
            user_low_id: Math.min(me.user.id, other.id),
            user_high_id: Math.max(me.user.id, other.id),
            last_message_id: null,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.database.db
          .insertInto('im_channel_users')
          .values([
            {
              channel_id: channel.id,
              user_id: me.user.id,
              other_id: other.id,
              activity_at: new Date(Date.parse(at) + i * 1000).toISOString(),
            },
            { channel_id: channel.id, user_id: other.id, other_id: me.user.id, activity_at: null },
          ])
          .execute();
      }
      const first = await list(me);
      expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 50, total: 53 });
      expect(first.data[0]!.user.id).toBe(others[52]!.id);
      const second = await list(me, '?page=2');
      expect(second.data.map((c) => c.user.id)).toEqual([
        others[2]!.id,
        others[1]!.id,
        others[0]!.id,
      ]);
    });
  });

  describe('messages', () => {
    it('sends a message (201) to both people; the same client_id again answers the first (200)', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const body = { text: '  Привет <b>!</b>  ', client_id: clientId() };
      const first = await send(a, channel.id, body);
      expect(first.statusCode).toBe(201);
      const message = json<{ data: ImMessage }>(first).data;
      expect(message).toMatchObject({
        channel_id: channel.id,
        user: { id: a.user.id },
        text: 'Привет <b>!</b>',
        attachments: [],
        deleted: 0,
        read_at: null,
        client_id: body.client_id,
      });
      const again = await send(a, channel.id, body);
      expect(again.statusCode).toBe(200);
      expect(json<{ data: ImMessage }>(again).data).toEqual(message);
      expect((await page(b, channel.id)).data).toEqual([message]);
    });

    it('shows the channel in the recipient’s list with the first message only', async () => {
      const [a, b] = [await person(), await person()];
      const stored = recordEvents(t.app, 'im.channel.stored');
      const channel = await channelWith(a, b);
      expect(stored.map((e) => e.userId)).toEqual([a.user.id]);
      await sent(a, channel.id);
      await sent(a, channel.id);
      await sent(b, channel.id);
      expect(stored.map((e) => e.userId)).toEqual([a.user.id, b.user.id]);
      expect(stored[1]!.channel).toMatchObject({ id: channel.id, new_messages: 1 });
    });

    it('stores one message when the same client_id arrives 20 times at once', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const stored = recordEvents(t.app, 'im.message.stored');
      const body = { text: 'only once', client_id: clientId() };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send(a, channel.id, body)),
      );
      expect(answers.map((r) => r.statusCode).sort((x, y) => x - y)).toEqual([
        ...Array<number>(19).fill(200),
        201,
      ]);
      expect(new Set(answers.map((r) => json<{ data: ImMessage }>(r).data.id)).size).toBe(1);
      const rows = await t.database.db
        .selectFrom('im_messages')
        .select('id')
        .where('channel_id', '=', channel.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(stored.filter((e) => e.message.channel_id === channel.id)).toHaveLength(1);
      expect(await unread(b)).toBe(1);
    });

    it('refuses a client_id already used in another channel (422)', async () => {
      const [a, b, c] = [await person(), await person(), await person()];
      const ab = await channelWith(a, b);
      const ac = await channelWith(a, c);
      const id = clientId();
      await send(a, ab.id, { client_id: id });
      const res = await send(a, ac.id, { client_id: id });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(json<{ errors: object }>(res).errors)).toEqual(['client_id']);
    });

    it('checks text: empty (422), too long (422), the full length of astral characters (201)', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      for (const text of ['', '   ', '\n\t']) {
        const res = await send(a, channel.id, { text });
        expect(res.statusCode).toBe(422);
        expect(json<{ errors: Record<string, string[]> }>(res).errors.text).toEqual([
          'Write something first.',
        ]);
      }
      expect((await send(a, channel.id, { text: '𝔸'.repeat(1001) })).statusCode).toBe(422);
      expect((await send(a, channel.id, { text: '𝔸'.repeat(1000) })).statusCode).toBe(201);
    });

    it('pages history newest page first, each page oldest first, and catches up ?after= an id', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const at = nowIso();
      const rows = await t.database.db
        .insertInto('im_messages')
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            channel_id: channel.id,
            user_id: i % 2 ? a.user.id : b.user.id,
            text: `m${i}`,
            attachments: '[]',
            client_id: clientId(),
            read_at: null,
            created_at: at,
          })),
        )
        .returning('id')
        .execute();
      const ids = rows.map((r) => r.id).sort((x, y) => x - y);
      const first = await page(a, channel.id);
      expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 50, total: 120 });
      expect(first.data.map((m) => m.id)).toEqual(ids.slice(70));
      const second = await page(a, channel.id, '?page=2');
      expect(second.data.map((m) => m.id)).toEqual(ids.slice(20, 70));
      const third = await page(b, channel.id, '?page=3');
      expect(third.data.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
      expect((await page(a, channel.id, '?page=4')).data).toEqual([]);

      const caught = json<ImCatchUp>(
        await a.asBrowser({ method: 'GET', url: `/api/im/message/${channel.id}?after=${ids[99]}` }),
      );
      expect(caught.data.map((m) => m.id)).toEqual(ids.slice(100));
      expect(caught.meta).toEqual({ has_more: false });
      const all = json<ImCatchUp>(
        await a.asBrowser({ method: 'GET', url: `/api/im/message/${channel.id}?after=0` }),
      );
      expect(all.data).toHaveLength(120);
      expect(all.data[0]!.id).toBe(ids[0]);
    });

    it('bounds the catch-up and says there is more', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const at = nowIso();
      await t.database.db
        .insertInto('im_messages')
        .values(
          Array.from({ length: 501 }, (_, i) => ({
            channel_id: channel.id,
            user_id: a.user.id,
            text: `n${i}`,
            attachments: '[]',
            client_id: null,
            read_at: null,
            created_at: at,
          })),
        )
        .execute();
      const caught = json<ImCatchUp>(
        await b.asBrowser({ method: 'GET', url: `/api/im/message/${channel.id}?after=0` }),
      );
      expect(caught.data).toHaveLength(500);
      expect(caught.meta.has_more).toBe(true);
      expect(caught.data[0]!.text).toBe('n0');
    });

    it('counts unread messages, marks them read with receipts to the author, and tells both', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const counts = recordEvents(t.app, 'im.count.updated');
      const receipts = recordEvents(t.app, 'im.messages.read');
      const mine = await sent(a, channel.id, 'one');
      await sent(a, channel.id, 'two');
      const last = await sent(a, channel.id, 'three');
      await sent(b, channel.id, 'my own does not count');
      expect(await unread(b)).toBe(3);
      expect(await unread(a)).toBe(1);
      expect((await list(b)).data[0]!.new_messages).toBe(3);
      expect(counts.filter((c) => c.userId === b.user.id).at(-1)!.count).toEqual({
        im_unread_count: 3,
        channel_id: channel.id,
        new_messages: 3,
      });

      expect((await read(b, channel.id)).statusCode).toBe(204);
      expect(await unread(b)).toBe(0);
      expect((await list(b)).data[0]!.new_messages).toBe(0);
      expect(counts.at(-1)).toEqual({
        userId: b.user.id,
        count: { im_unread_count: 0, channel_id: channel.id, new_messages: 0 },
      });
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({
        authorId: a.user.id,
        read: { channel_id: channel.id, reader_id: b.user.id },
      });
      expect(receipts[0]!.read.last_read_id).toBeGreaterThan(last.id);
      const seen = (await page(a, channel.id)).data;
      expect(seen.find((m) => m.id === mine.id)!.read_at).toBe(receipts[0]!.read.read_at);
      // b's own message is not stamped by b's reading.
      expect(seen.at(-1)!.read_at).toBeNull();
      // Reading again changes nothing and tells nobody.
      const before = counts.length;
      expect((await read(b, channel.id)).statusCode).toBe(204);
      expect(counts.length).toBe(before);
      expect(receipts).toHaveLength(1);
      // The unread total spans channels.
      const c = await person();
      const bc = await channelWith(c, b);
      await sent(c, bc.id);
      await sent(a, channel.id);
      expect(await unread(b)).toBe(2);
      // ... and so does the total the event carries, counted in the storing transaction.
      expect(counts.at(-1)).toEqual({
        userId: b.user.id,
        count: { im_unread_count: 2, channel_id: channel.id, new_messages: 1 },
      });
    });

    it('lets only the author delete and restore; both see deleted: 1 without text; unread follows', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const message = await sent(a, channel.id, 'oops <i>secret</i>');
      const deleted = recordEvents(t.app, 'im.message.deleted');
      const restored = recordEvents(t.app, 'im.message.restored');
      expect(await unread(b)).toBe(1);
      expect((await remove(b, message.id)).statusCode).toBe(403);
      expect((await restore(b, message.id)).statusCode).toBe(403);
      expect((await remove(a, message.id)).statusCode).toBe(204);
      for (const who of [a, b]) {
        expect((await page(who, channel.id)).data).toEqual([
          { ...message, text: '', attachments: [], deleted: 1 },
        ]);
        expect((await list(who)).data[0]!.last_message).toMatchObject({ deleted: 1, text: '' });
      }
      expect(await unread(b)).toBe(0);
      expect(deleted).toEqual([
        { message: { ...message, text: '', deleted: 1 }, parties: [a.user.id, b.user.id] },
      ]);
      // Deleting again is a no-op.
      expect((await remove(a, message.id)).statusCode).toBe(204);
      expect(deleted).toHaveLength(1);
      expect((await restore(a, message.id)).statusCode).toBe(204);
      expect((await page(b, channel.id)).data).toEqual([message]);
      expect(restored).toEqual([{ message, parties: [a.user.id, b.user.id] }]);
      expect(await unread(b)).toBe(1);
      // Once read, deleting does not touch the count.
      await read(b, channel.id);
      expect((await remove(a, message.id)).statusCode).toBe(204);
      expect(await unread(b)).toBe(0);
    });

    it('attaches the sender’s own complete pictures and shows them to the two people only', async () => {
      const [a, b, stranger] = [await person(), await person(), await person()];
      const channel = await channelWith(a, b);
      const at = nowIso();
      const attachment = (userId: number, status = 'complete') => ({
        user_id: userId,
        purpose: 'attachment',
        status,
        mime: 'image/png',
        width: 10,
        height: 10,
        size: 100,
        adult: 1,
        adult_marked: 1,
        original_key: null,
        file_key: `files/${clientId()}.png`,
        thumb_key: null,
        error: null,
        created_at: at,
        updated_at: at,
      });
      const [mine, theirs, pending] = await t.database.db
        .insertInto('attachments')
        .values([attachment(a.user.id), attachment(b.user.id), attachment(a.user.id, 'pending')])
        .returning('id')
        .execute();
      for (const ids of [[theirs!.id], [pending!.id], [2 ** 31 - 1]]) {
        const res = await send(a, channel.id, { attachments: ids });
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(json<{ errors: object }>(res).errors)).toEqual(['attachments']);
      }
      // An 18+ picture may go privately; with no text at all.
      const res = await send(a, channel.id, { text: '', attachments: [mine!.id] });
      expect(res.statusCode, res.body).toBe(201);
      const message = json<{ data: ImMessage }>(res).data;
      expect(message.text).toBe('');
      expect(message.attachments).toMatchObject([{ id: mine!.id, adult: 1 }]);
      expect((await page(b, channel.id)).data.at(-1)!.attachments).toEqual(message.attachments);
      await expect(t.app.deps.attachments.show(b.user.id, mine!.id)).resolves.toMatchObject({
        id: mine!.id,
      });
      await expect(t.app.deps.attachments.show(stranger.user.id, mine!.id)).rejects.toMatchObject({
        status: 404,
      });
      // A deleted message does not send its pictures.
      await remove(a, message.id);
      expect((await page(b, channel.id)).data.at(-1)!.attachments).toEqual([]);
    });
  });

  describe('who may write', () => {
    it('keeps guests from writing (403 guest) and reading anything', async () => {
      const guest = await person('guest');
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const res = await send(guest, channel.id);
      expect(res.statusCode).toBe(403);
      expect(json<{ code: string }>(res).code).toBe('guest');
      expect((await list(guest)).data).toEqual([]);
      expect(
        (await guest.asBrowser({ method: 'GET', url: `/api/im/message/${channel.id}` })).statusCode,
      ).toBe(404);
    });

    it('blocks writing both ways when one ignores the other, with the reason', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      await sent(a, channel.id, 'before');
      expect(
        (await b.asBrowser({ method: 'POST', url: `/api/ignore/${a.user.id}` })).statusCode,
      ).toBe(200);
      const ignored = await send(a, channel.id);
      expect(ignored.statusCode).toBe(403);
      expect(json<{ message: string }>(ignored).message).toBe(
        'This person does not accept your messages.',
      );
      const ignoring = await send(b, channel.id);
      expect(ignoring.statusCode).toBe(403);
      expect(json<{ message: string }>(ignoring).message).toBe(
        'You ignore this person. Stop ignoring them to write.',
      );
      expect((await list(a)).data[0]!.blocked).toBe('ignored');
      expect((await list(b)).data[0]!.blocked).toBe('ignoring');
      expect(json<{ data: ImChannel }>(await open(a, b.user.id)).data.blocked).toBe('ignored');
      // Reading what was said stays possible.
      expect((await page(b, channel.id)).data).toHaveLength(1);
      await b.asBrowser({ method: 'DELETE', url: `/api/ignore/${a.user.id}` });
      expect((await send(a, channel.id)).statusCode).toBe(201);
    });

    it('stores im_privacy; `friends` keeps out whoever is not a friend', async () => {
      const [a, b] = [await person(), await person()];
      const patch = await b.asBrowser({
        method: 'PATCH',
        url: '/api/my/profile',
        payload: { im_privacy: 'friends' },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(json<{ data: object }>(patch).data).toMatchObject({ im_privacy: 'friends' });
      const row = await t.app.deps.users.findById(b.user.id);
      expect(row!.im_privacy).toBe('friends');
      // Friendships exist (features/friends): a stranger is kept out with the reason.
      const channel = await channelWith(a, b);
      expect(channel.blocked).toBe('friends_only');
      expect((await send(a, channel.id)).statusCode).toBe(403);
      for (const payload of [
        { im_privacy: 'nobody' },
        { im_privacy: ['all'] },
        { im_privacy: null },
      ])
        expect(
          (await b.asBrowser({ method: 'PATCH', url: '/api/my/profile', payload })).statusCode,
        ).toBe(422);
      const guest = await person('guest');
      expect(
        (
          await guest.asBrowser({
            method: 'PATCH',
            url: '/api/my/profile',
            payload: { im_privacy: 'all' },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('enforces `friends` once a friends lookup is plugged in', async () => {
      const local = await buildTestApp(dialect);
      try {
        const a = inEnglish(await signedIn(local.app, await buildUser(local.app)));
        const b = await signedIn(local.app, await buildUser(local.app));
        const friend = await signedIn(local.app, await buildUser(local.app));
        local.app.deps.im.useFriends({
          areFriends: async (x, y) => [x, y].includes(friend.user.id),
        });
        await b.asBrowser({
          method: 'PATCH',
          url: '/api/my/profile',
          payload: { im_privacy: 'friends' },
        });
        const ab = json<{ data: ImChannel }>(
          await a.asBrowser({
            method: 'POST',
            url: '/api/im/channels',
            payload: { user_id: b.user.id },
          }),
        ).data;
        expect(ab.blocked).toBe('friends_only');
        const res = await a.asBrowser({
          method: 'POST',
          url: `/api/im/channel/${ab.id}`,
          payload: { text: 'hi', client_id: clientId() },
        });
        expect(res.statusCode).toBe(403);
        expect(json<{ message: string }>(res).message).toBe(
          'This person accepts private messages from friends only.',
        );
        const fb = json<{ data: ImChannel }>(
          await friend.asBrowser({
            method: 'POST',
            url: '/api/im/channels',
            payload: { user_id: b.user.id },
          }),
        ).data;
        expect(
          (
            await friend.asBrowser({
              method: 'POST',
              url: `/api/im/channel/${fb.id}`,
              payload: { text: 'hi', client_id: clientId() },
            })
          ).statusCode,
        ).toBe(201);
      } finally {
        await local.close();
      }
    });

    it('refuses flood with 429 after the message budget', async () => {
      const local = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '3' });
      try {
        const a = inEnglish(await signedIn(local.app, await buildUser(local.app)));
        const b = await signedIn(local.app, await buildUser(local.app));
        const channel = json<{ data: ImChannel }>(
          await a.asBrowser({
            method: 'POST',
            url: '/api/im/channels',
            payload: { user_id: b.user.id },
          }),
        ).data;
        const statuses = [];
        for (let i = 0; i < 4; i += 1)
          statuses.push(
            (
              await a.asBrowser({
                method: 'POST',
                url: `/api/im/channel/${channel.id}`,
                payload: { text: `n${i}`, client_id: clientId() },
              })
            ).statusCode,
          );
        expect(statuses).toEqual([201, 201, 201, 429]);
      } finally {
        await local.close();
      }
    });

    it('refuses the same long text pasted again at once, but not a short reply', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const long = 'this is a long pasted advertisement';
      expect((await send(a, channel.id, { text: long })).statusCode).toBe(201);
      const again = await send(a, channel.id, { text: long });
      expect(again.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(again).errors.text).toEqual([
        'You have just sent this. Say something new.',
      ]);
      expect((await send(a, channel.id, { text: 'ok' })).statusCode).toBe(201);
      expect((await send(a, channel.id, { text: 'ok' })).statusCode).toBe(201);
    });
  });

  describe('strangers and the departed', () => {
    it('answers 404 to anyone not in the channel, on every call, and changes nothing', async () => {
      const [a, b, stranger] = [await person(), await person(), await person()];
      const channel = await channelWith(a, b);
      const message = await sent(a, channel.id, 'private');
      const calls = [
        { method: 'GET', url: `/api/im/message/${channel.id}` },
        { method: 'GET', url: `/api/im/message/${channel.id}?after=0` },
        {
          method: 'POST',
          url: `/api/im/channel/${channel.id}`,
          payload: { text: 'x', client_id: clientId() },
        },
        { method: 'POST', url: `/api/im/channel/${channel.id}/read` },
        { method: 'DELETE', url: `/api/im/message/${message.id}` },
        { method: 'POST', url: `/api/im/message/${message.id}/restore` },
      ] as const;
      for (const call of calls) {
        const res = await stranger.asBrowser({ ...call });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
        expect(res.body).not.toContain('private');
      }
      expect((await list(stranger)).data).toEqual([]);
      expect((await page(b, channel.id)).data).toEqual([message]);
      expect(await unread(b)).toBe(1);
    });

    it('answers 404 for a message id of another channel used by the author of neither', async () => {
      const [a, b, c] = [await person(), await person(), await person()];
      const bc = await channelWith(b, c);
      const theirs = await sent(b, bc.id, 'not yours');
      await channelWith(a, b);
      expect((await remove(a, theirs.id)).statusCode).toBe(404);
      expect((await restore(a, theirs.id)).statusCode).toBe(404);
    });

    it('answers 404 for a channel whose other person was deleted', async () => {
      const [a, b] = [await person(), await person()];
      const channel = await channelWith(a, b);
      const message = await sent(b, channel.id, 'bye');
      expect(await unread(a)).toBe(1);
      await t.database.db.deleteFrom('users').where('id', '=', b.user.id).execute();
      expect(
        (await a.asBrowser({ method: 'GET', url: `/api/im/message/${channel.id}` })).statusCode,
      ).toBe(404);
      expect((await send(a, channel.id)).statusCode).toBe(404);
      expect((await read(a, channel.id)).statusCode).toBe(404);
      expect((await remove(a, message.id)).statusCode).toBe(404);
      expect((await list(a)).data).toEqual([]);
      expect(await unread(a)).toBe(0);
      expect((await open(a, b.user.id)).statusCode).toBe(404);
    });
  });
});
