import type { Profile, Quote, QuotesPage, SearchAnswer } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { SEARCH_LIMIT } from '../search/search.service';

const dialects = await testDialects();

/**
 * The quotes page (issue 22, point 7): the site's kept messages by tab, who may see which,
 * keeping and unkeeping with bad input, the search's `in=quotes` and the profile's count.
 */
describe.each(dialects)('quotes on %s', (dialect) => {
  let t: TestApp;
  let minute = 0;
  const at = () => new Date(Date.UTC(2025, 0, 1, 0, minute++)).toISOString();
  const db = () => t.app.deps.database.db;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function message(roomId: number, userId: number, text: string, extra = {}) {
    const row = await db()
      .insertInto('messages')
      .values({
        room_id: roomId,
        user_id: userId,
        type_id: 1,
        text,
        nicks: '',
        attachments: '[]',
        client_id: null,
        created_at: at(),
        deleted_at: null,
        gif_id: null,
        reply_to_id: null,
        edited_at: null,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const join = (roomId: number, userId: number) =>
    db()
      .insertInto('room_users')
      .values({
        room_id: roomId,
        user_id: userId,
        position: 1,
        state_id: 1,
        invisible: 0,
        entered_at: at(),
        absent_since: null,
      })
      .execute();
  const person = async (role: 'user' | 'guest' | 'moderator' = 'user') =>
    signedIn(t.app, await buildUser(t.app, { role }));
  const keep = (c: Client, id: number | string) =>
    c.asBrowser({ method: 'POST', url: `/api/quote/${id}` });
  const unkeep = (c: Client, id: number | string) =>
    c.asBrowser({ method: 'DELETE', url: `/api/quote/${id}` });
  const page = async (c: Client, tab: string, n = 1) => {
    const res = await c.asBrowser({ method: 'GET', url: `/api/quotes?tab=${tab}&page=${n}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<QuotesPage>(res);
  };
  const nextMillisecond = async () => {
    const now = Date.now();
    while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
  };
  /** The quotes of these messages on the tab's first page, in its order. */
  const listed = async (c: Client, tab: string, ids: number[]) =>
    (await page(c, tab)).data.filter((q) => ids.includes(q.message.id));

  it('lists kept messages: best by how many keep them, new by the latest keeping, mine', async () => {
    const room = await buildRoom(t.app, { name_en: 'Lobby' });
    const [anna, boris, vera] = [await person(), await person(), await person()];
    const author = await buildUser(t.app);
    const once = await message(room.id, author.id, 'kept once -smile-');
    const thrice = await message(room.id, author.id, 'kept three times');
    const twice = await message(room.id, author.id, 'kept twice');
    // A keeping's time is in milliseconds: each message's must fall in a later one than the last.
    for (const c of [anna, boris, vera]) expect((await keep(c, thrice)).statusCode).toBe(204);
    await nextMillisecond();
    for (const c of [anna, boris]) expect((await keep(c, twice)).statusCode).toBe(204);
    await nextMillisecond();
    expect((await keep(vera, once)).statusCode).toBe(204);
    const ids = [once, twice, thrice];

    const best = await listed(anna, 'best', ids);
    expect(best.map((q) => [q.message.id, q.quoted_count, q.quoted])).toEqual([
      [thrice, 3, true],
      [twice, 2, true],
      [once, 1, false],
    ]);
    expect(best[0]!.message).toMatchObject({ text: 'kept three times', user: { id: author.id } });
    expect(best[0]!.room).toEqual({ id: room.id, name: 'Комната' });

    // `new`: the latest keeping first (vera kept `once` last).
    const fresh = await listed(anna, 'new', ids);
    expect(fresh.map((q) => q.message.id)).toEqual([once, twice, thrice]);

    const mine = await page(vera, 'mine');
    expect(mine.data.map((q) => [q.message.id, q.quoted_count, q.quoted])).toEqual([
      [once, 1, true],
      [thrice, 3, true],
    ]);
    expect(mine.meta).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 20 });

    // English room names for an English reader.
    const en = json<QuotesPage>(
      await anna.asBrowser({
        method: 'GET',
        url: '/api/quotes?tab=best',
        headers: { 'x-localization': 'en' },
      }),
    );
    expect(en.data.find((q) => q.message.id === thrice)!.room.name).toBe('Lobby');

    // Unkeeping: the count follows, and the message leaves `mine`.
    expect((await unkeep(vera, thrice)).statusCode).toBe(204);
    expect((await listed(anna, 'best', [thrice]))[0]!.quoted_count).toBe(2);
    expect((await page(vera, 'mine')).data.map((q) => q.message.id)).toEqual([once]);
  });

  it('shows a private room’s quote to its members only, and drops deleted, hidden, trolls’ and ignored people’s', async () => {
    const room = await buildRoom(t.app);
    const secret = await buildRoom(t.app, { is_public: 0 });
    const [member, outsider, moderator] = [
      await person(),
      await person(),
      await person('moderator'),
    ];
    await join(secret.id, member.user.id);
    const author = await buildUser(t.app);
    const troll = await buildUser(t.app);
    await db().updateTable('users').set({ is_troll: 1 }).where('id', '=', troll.id).execute();
    const hidden = await message(room.id, author.id, 'hidden by the outsider');
    const inSecret = await message(secret.id, author.id, 'said in secret');
    const trolled = await message(room.id, troll.id, 'a troll speaks');
    const ignoredLine = await message(room.id, author.id, 'by someone ignored');
    const doomed = await message(room.id, author.id, 'about to be deleted');
    for (const id of [hidden, inSecret, ignoredLine, doomed]) {
      expect((await keep(member, id)).statusCode, String(id)).toBe(204);
    }
    // Only those shown a troll's message keep it: to the others it does not exist.
    expect((await keep(member, trolled)).statusCode).toBe(404);
    expect((await keep(moderator, trolled)).statusCode).toBe(204);
    await db()
      .insertInto('message_hides')
      .values({ user_id: outsider.user.id, message_id: hidden })
      .execute();
    await db()
      .insertInto('ignores')
      .values({ user_id: outsider.user.id, ignored_id: author.id, created_at: at() })
      .execute();
    const ids = [hidden, inSecret, trolled, ignoredLine, doomed];

    expect((await listed(member, 'new', ids)).map((q) => q.message.id).sort()).toEqual(
      [hidden, inSecret, ignoredLine, doomed].sort(),
    );
    // The outsider ignores the author (whose lines the web hides in the chat) and hid one line.
    expect(await listed(outsider, 'new', ids)).toEqual([]);
    expect((await listed(moderator, 'best', ids)).map((q) => q.message.id)).toContain(trolled);

    // One quote (where a search hit leads): the same rule, 404 where the page would not list it.
    const one = (c: Client, id: number) => c.asBrowser({ method: 'GET', url: `/api/quote/${id}` });
    const secretOne = await one(member, inSecret);
    expect(secretOne.statusCode, secretOne.body).toBe(200);
    expect(json<{ data: Quote }>(secretOne).data).toMatchObject({
      message: { id: inSecret, text: 'said in secret' },
      room: { id: secret.id },
      quoted_count: 1,
      quoted: true,
    });
    expect((await one(outsider, inSecret)).statusCode).toBe(404);
    expect((await one(member, trolled)).statusCode).toBe(404);
    expect((await one(moderator, trolled)).statusCode).toBe(200);
    expect((await one(outsider, hidden)).statusCode).toBe(404);
    const unkept = await message(room.id, author.id, 'nobody keeps this');
    expect((await one(member, unkept)).statusCode).toBe(404);
    expect((await one(member, 999_999_999)).statusCode).toBe(404);
    expect((await member.asBrowser({ method: 'GET', url: '/api/quote/abc' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/quote/${inSecret}` })).statusCode).toBe(
      401,
    );

    // Deleted for everyone: off every tab, and it cannot be kept again.
    await db().updateTable('messages').set({ deleted_at: at() }).where('id', '=', doomed).execute();
    expect(await listed(member, 'best', [doomed])).toEqual([]);
    expect((await one(member, doomed)).statusCode).toBe(404);
    expect((await page(member, 'mine')).data.map((q) => q.message.id)).not.toContain(doomed);
    expect((await keep(outsider, doomed)).statusCode).toBe(404);

    // The search finds kept lines where the quotes page shows them.
    const found = async (c: Client, q: string) => {
      await t.app.deps.search.catchUp();
      await t.app.deps.rateLimits.reset(SEARCH_LIMIT, `user:${c.user.id}`);
      const res = await c.asBrowser({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}&in=quotes`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<SearchAnswer>(res);
    };
    const secretHits = await found(member, 'secret');
    expect(secretHits.data).toEqual([
      expect.objectContaining({
        type: 'quote',
        id: inSecret,
        link: { kind: 'quote', room_id: secret.id, message_id: inSecret },
      }),
    ]);
    expect(secretHits.meta.total).toBe(1);
    expect((await found(outsider, 'secret')).data).toEqual([]);
    expect((await found(member, 'troll')).data).toEqual([]);
    expect((await found(moderator, 'troll')).data.map((h) => h.id)).toEqual([trolled]);
    expect((await found(member, 'deleted')).data).toEqual([]);
    // Only kept lines, by their text as it is now: an unkept line is not found, an edited one
    // by its new words, and one nobody keeps any more no longer.
    expect((await found(member, 'nobody')).data).toEqual([]);
    await db()
      .updateTable('messages')
      .set({ text: 'rewritten in secret' })
      .where('id', '=', inSecret)
      .execute();
    expect((await found(member, 'rewritten')).data.map((h) => h.id)).toEqual([inSecret]);
    expect((await found(member, 'said')).data).toEqual([]);
    await db().deleteFrom('quote_counts').where('message_id', '=', inSecret).execute();
    expect((await found(member, 'rewritten')).data).toEqual([]);
  });

  it('refuses bad keeping: unknown, private, deleted, guests, non-numeric ids', async () => {
    const room = await buildRoom(t.app);
    const secret = await buildRoom(t.app, { is_public: 0 });
    const anna = await person();
    const guest = await person('guest');
    const author = await buildUser(t.app);
    const open = await message(room.id, author.id, 'open');
    const closed = await message(secret.id, author.id, 'closed');
    const gone = await message(room.id, author.id, 'gone', { deleted_at: at() });

    expect((await keep(anna, closed)).statusCode).toBe(404);
    expect((await keep(anna, gone)).statusCode).toBe(404);
    expect((await keep(anna, 999_999_999)).statusCode).toBe(404);
    const refused = await keep(guest, open);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('guest');
    for (const bad of ['abc', '1e3', '-1', '0x10']) {
      expect((await keep(anna, bad)).statusCode, bad).toBe(422);
      expect((await unkeep(anna, bad)).statusCode, bad).toBe(422);
    }
    expect((await unkeep(anna, open)).statusCode).toBe(404);
    // Nothing of it was kept.
    const kept = await db()
      .selectFrom('quotes')
      .select('message_id')
      .where('user_id', 'in', [anna.user.id, guest.user.id])
      .execute();
    expect(kept).toEqual([]);
  });

  it('keeps a message once however often and however concurrently it is sent', async () => {
    const room = await buildRoom(t.app);
    const anna = await person();
    const author = await buildUser(t.app);
    const id = await message(room.id, author.id, 'popular line');
    expect((await keep(anna, id)).statusCode).toBe(204);
    expect((await keep(anna, id)).statusCode).toBe(204);
    const boris = await person();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => keep(boris, id)));
    expect(statuses.map((r) => r.statusCode)).toEqual(Array(50).fill(204));
    const rows = await db().selectFrom('quotes').selectAll().where('message_id', '=', id).execute();
    expect(rows.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(
      [anna.user.id, boris.user.id].sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.author_id === author.id)).toBe(true);
    expect((await listed(anna, 'best', [id]))[0]!.quoted_count).toBe(2);
  });

  it('counts keepings by many people at once, and lets the last one go off the page', async () => {
    const room = await buildRoom(t.app);
    const author = await buildUser(t.app);
    const id = await message(room.id, author.id, 'everybody keeps this');
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    const kept = await Promise.all(people.map((c) => keep(c, id)));
    expect(kept.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    const counted = await db()
      .selectFrom('quote_counts')
      .selectAll()
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(counted.quoted_count).toBe(20);
    expect((await listed(people[0]!, 'best', [id]))[0]!.quoted_count).toBe(20);

    const gone = await Promise.all(people.slice(1).map((c) => unkeep(c, id)));
    expect(gone.map((r) => r.statusCode)).toEqual(Array(19).fill(204));
    const one = await listed(people[0]!, 'new', [id]);
    expect(one.map((q) => [q.quoted_count, q.quoted])).toEqual([[1, true]]);
    const first = await db()
      .selectFrom('quotes')
      .select('created_at')
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(one[0]!.quoted_at).getTime()).toBe(new Date(first.created_at).getTime());
    expect((await unkeep(people[0]!, id)).statusCode).toBe(204);
    expect(await listed(people[0]!, 'best', [id])).toEqual([]);
    const left = await db()
      .selectFrom('quote_counts')
      .selectAll()
      .where('message_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps `mine` from guests (403 guest) and the page from visitors without a session', async () => {
    const guest = await person('guest');
    const res = await guest.asBrowser({ method: 'GET', url: '/api/quotes?tab=mine' });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('guest');
    // A guest reads the site's tabs, with nothing kept by them.
    const best = await page(guest, 'best');
    expect(best.data.every((q) => !q.quoted)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/quotes' })).statusCode).toBe(401);
    const anna = await person();
    for (const bad of ['tab=worst', 'page=0', 'page=abc', 'page=-1']) {
      const r = await anna.asBrowser({ method: 'GET', url: `/api/quotes?${bad}` });
      expect(r.statusCode, bad).toBe(422);
    }
    // A page past the last is empty, its total still told.
    const far = await page(anna, 'best', 999);
    expect(far.data).toEqual([]);
    expect(far.meta.current_page).toBe(999);
  });

  it('pages the collection by twenty', async () => {
    const room = await buildRoom(t.app);
    const keeper = await person();
    const author = await buildUser(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      const id = await message(room.id, author.id, `line ${i}`);
      ids.push(id);
      expect((await keep(keeper, id)).statusCode).toBe(204);
    }
    const first = await page(keeper, 'mine');
    const second = await page(keeper, 'mine', 2);
    expect(first.meta).toMatchObject({ total: 23, last_page: 2 });
    expect(first.data).toHaveLength(20);
    expect(second.data.map((q) => q.message.id)).toEqual(ids.slice(0, 3).reverse());
    expect([...first.data, ...second.data].map((q) => q.message.id)).toEqual([...ids].reverse());
  });

  it("counts a person's messages others keep on their profile", async () => {
    const room = await buildRoom(t.app);
    const author = await person();
    const [anna, boris] = [await person(), await person()];
    const a = await message(room.id, author.user.id, 'first');
    const b = await message(room.id, author.user.id, 'second');
    const c = await message(room.id, author.user.id, 'third, deleted later');
    const own = await message(room.id, author.user.id, 'kept by its author only');
    for (const id of [a, b, c]) expect((await keep(anna, id)).statusCode).toBe(204);
    expect((await keep(boris, a)).statusCode).toBe(204);
    expect((await keep(author, own)).statusCode).toBe(204);
    await db().updateTable('messages').set({ deleted_at: at() }).where('id', '=', c).execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/profile/${author.user.slug}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ data: Profile }>(res).data.quotes_kept_count).toBe(2);
  });
});
