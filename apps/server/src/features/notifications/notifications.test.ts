import type { NotificationWire, PageMeta } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId, memberOf, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { NOTIFICATIONS_PAGE } from './notifications.service';

const dialects = await testDialects();

type Page = { data: NotificationWire[]; meta: PageMeta & { unread: number } };

describe.each(dialects)('notifications on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { MESSAGE_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  const person = async () => signedIn(t.app, await buildUser(t.app));
  const page = async (who: Client, query = '') =>
    json<Page>(await who.asBrowser({ method: 'GET', url: `/api/notifications${query}` }));

  it('lists newest first with paging and the unread count; reads one and all', async () => {
    const anna = await person();
    const events = recordEvents(t.app, 'notification.created');
    for (let i = 1; i <= NOTIFICATIONS_PAGE + 2; i += 1)
      await t.app.deps.notifications.notify(anna.user.id, 'new', { type: 'test', n: i });
    expect(events.filter((e) => e.userId === anna.user.id).at(-1)?.unread).toBe(
      NOTIFICATIONS_PAGE + 2,
    );

    const first = await page(anna);
    expect(first.data).toHaveLength(NOTIFICATIONS_PAGE);
    expect(first.data[0]!.data).toEqual({ type: 'test', n: NOTIFICATIONS_PAGE + 2 });
    expect(first.meta).toEqual({
      current_page: 1,
      last_page: 2,
      per_page: NOTIFICATIONS_PAGE,
      total: NOTIFICATIONS_PAGE + 2,
      unread: NOTIFICATIONS_PAGE + 2,
    });
    expect((await page(anna, '?page=2')).data.map((n) => n.data.n)).toEqual([2, 1]);

    const counts = recordEvents(t.app, 'notification.count');
    const target = first.data[3]!;
    const read = await anna.asBrowser({
      method: 'POST',
      url: `/api/notifications/${target.id}/read`,
      headers: { 'x-socket-id': '123.456' },
    });
    expect(read.statusCode, read.body).toBe(200);
    const answer = json<{ data: NotificationWire; unread: number }>(read);
    expect(answer.data.id).toBe(target.id);
    expect(answer.data.read_at).not.toBeNull();
    expect(answer.unread).toBe(NOTIFICATIONS_PAGE + 1);
    expect(counts.at(-1)).toEqual({
      userId: anna.user.id,
      unread: NOTIFICATIONS_PAGE + 1,
      exceptSocketId: '123.456',
    });
    // Reading it again keeps the first read time and the count.
    const again = json<{ data: NotificationWire; unread: number }>(
      await anna.asBrowser({ method: 'POST', url: `/api/notifications/${target.id}/read` }),
    );
    expect(again).toEqual(answer);

    const all = await anna.asBrowser({ method: 'POST', url: '/api/notifications/read_all' });
    expect(all.statusCode).toBe(204);
    expect(counts.at(-1)).toMatchObject({ userId: anna.user.id, unread: 0 });
    const after = await page(anna);
    expect(after.meta.unread).toBe(0);
    expect(after.data.every((n) => n.read_at !== null)).toBe(true);
    expect(after.data.find((n) => n.id === target.id)!.read_at).toBe(answer.data.read_at);
  });

  it('keeps the unread count equal to the unread rows: reads, read-all, regrouping, races, deletion', async () => {
    const user = await buildUser(t.app);
    const notifications = t.app.deps.notifications;
    const note = (n: number) => notifications.notify(user.id, 'new', { type: 'test', n });
    const unreadRows = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const expectCount = async (n: number) => {
      expect(await unreadRows()).toBe(n);
      expect(await notifications.unreadCount(user.id)).toBe(n);
    };

    await expectCount(0);
    // Asked for in one turn, they are stored together (a group commit), in the order asked.
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => note(i)));
    expect(first.map((n) => n.data.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(first.map((n) => n.id)).toEqual([...first.map((n) => n.id)].sort((a, b) => a - b));
    await expectCount(30);
    // One that cannot be stored (nobody to notify) fails alone.
    const mixed = await Promise.allSettled([
      note(40),
      notifications.notify(2_000_000_000, 'new', { type: 'test' }),
      note(41),
    ]);
    expect(mixed.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expectCount(32);
    await Promise.all(
      mixed.flatMap((r) =>
        r.status === 'fulfilled' ? [notifications.read(user.id, r.value.id)] : [],
      ),
    );
    await expectCount(30);
    // Ten read twice each at the same time, while ten more arrive: each read counts once.
    await Promise.all([
      ...first
        .slice(0, 10)
        .flatMap(({ id }) => [notifications.read(user.id, id), notifications.read(user.id, id)]),
      ...Array.from({ length: 10 }, (_, i) => note(100 + i)),
    ]);
    await expectCount(30);
    // Read-all while others arrive: whatever it did not mark stays counted.
    await Promise.all([
      notifications.readAll(user.id),
      ...Array.from({ length: 10 }, (_, i) => note(200 + i)),
      notifications.readAll(user.id),
    ]);
    expect(await notifications.unreadCount(user.id)).toBe(await unreadRows());
    await notifications.readAll(user.id);
    await expectCount(0);
    // A grouped one rewritten while unread is still one.
    const like = (previous: Record<string, unknown> | null) => ({
      type: 'like',
      n: Number(previous?.n ?? 0) + 1,
    });
    for (let i = 0; i < 3; i += 1)
      await notifications.notifyGrouped(user.id, 'like', (d) => d.type === 'like', like);
    await expectCount(1);

    // The count goes with the account's row, like its notifications.
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(
      await t.database.db
        .selectFrom('notification_counts')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it("another user's notification is 404 and stays unread", async () => {
    const anna = await person();
    const boris = await person();
    const theirs = await t.app.deps.notifications.notify(boris.user.id, 'new', { type: 'x' });
    const res = await anna.asBrowser({
      method: 'POST',
      url: `/api/notifications/${theirs.id}/read`,
    });
    expect(res.statusCode).toBe(404);
    expect((await page(boris)).meta.unread).toBe(1);
    expect((await page(anna)).data).toEqual([]);
    for (const bad of ['abc', '0', '-5', '99999999999'])
      expect(
        (await anna.asBrowser({ method: 'POST', url: `/api/notifications/${bad}/read` }))
          .statusCode,
      ).toBeGreaterThanOrEqual(404);
    expect(
      (await anna.asBrowser({ method: 'GET', url: '/api/notifications?page=abc' })).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('stores hostile data as data: markup stays text, __proto__ is a plain key', async () => {
    const anna = await person();
    const data = JSON.parse(
      '{"type":"test","text":"<script>alert(1)</script>","__proto__":{"polluted":1}}',
    ) as Record<string, unknown>;
    await t.app.deps.notifications.notify(anna.user.id, 'new', data);
    const [stored] = (await page(anna)).data;
    expect(stored!.data.text).toBe('<script>alert(1)</script>');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a mention of someone away (no socket in the room) notifies them; not the author', async () => {
    const room = await buildRoom(t.app);
    const suffix = Math.random().toString(36).slice(2, 6);
    const boris = await memberOf(t.app, room.id, { nick: `Boris${suffix}` });
    const author = await memberOf(t.app, room.id);
    const res = await author.asBrowser({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: {
        text: `boris${suffix}, <b>look</b> ${'x'.repeat(300)}`,
        client_id: clientId(),
        mentions: [boris.user.id, author.user.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = json<{ data: { id: number } }>(res).data;
    let mine: NotificationWire[] = [];
    for (let i = 0; i < 50 && mine.length === 0; i += 1) {
      mine = (await page(boris)).data;
      if (mine.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'new',
      data: {
        type: 'mention',
        user: { id: author.user.id },
        room_id: room.id,
        room: { id: room.id, name: { ru: room.name_ru, en: room.name_en } },
        message_id: message.id,
      },
    });
    expect(String(mine[0]!.data.text).length).toBeLessThanOrEqual(100);
    expect((await page(author)).data).toEqual([]);
  });

  it('a sign-in from a new device notifies the account; the first sign-up does not', async () => {
    const nick = `Dev${Math.random().toString(36).slice(2, 8)}`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nick, password: 'secret-password-1', password_confirmation: 'secret-password-1' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const userId = json<{ data: { user: { id: number } } }>(reg).data.user.id;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      payload: { nick_or_phone: nick, password: 'secret-password-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    // The notification is written by an event listener, after the answer has gone.
    const rows = await vi.waitFor(
      async () => {
        const found = await t.app.deps.notifications.newest(userId);
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 3000, interval: 20 },
    );
    expect(rows[0]!.data).toMatchObject({ type: 'new_device', name: 'Chrome 131 on Windows' });
    expect(typeof rows[0]!.data.ip).toBe('string');
  });
});
