import { moscowMonthKey } from '@chat/shared';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB, MessageRow } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { atEndOfTurn } from '../../lib/end-of-turn';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildRoom, clientId } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser } from '../../test/factories';
import { PostgresMessageGroups } from './message-groups.postgres';
import { insertMessageOnPostgres } from './message-insert';
import { MessagesRepository } from './messages.repository';

const dialects = await testDialects();

/** Messages posted in the same turn are written together (group commit on both databases). */
describe.each(dialects)('messages written in groups on %s', (dialect) => {
  let t: TestApp;
  let repo: MessagesRepository;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    repo = new MessagesRepository(t.database.db);
  });
  afterAll(async () => t.close());

  const message = (roomId: number, userId: number, text: string, client = clientId()) => ({
    room_id: roomId,
    user_id: userId,
    type_id: 1,
    text,
    nicks: '[]',
    attachments: '[]',
    client_id: client,
    created_at: nowIso(),
    deleted_at: null,
    gif_id: null,
    reply_to_id: null,
  });
  const counters = async (userId: number) => {
    const user = await t.database.db
      .selectFrom('users')
      .select('public_messages')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const month = await t.database.db
      .selectFrom('user_month_messages')
      .select('messages')
      .where('user_id', '=', userId)
      .where('month', '=', moscowMonthKey(new Date()))
      .executeTakeFirst();
    return { total: Number(user.public_messages), month: Number(month?.messages ?? 0) };
  };

  it('stores every message of a turn in order and counts each author once per message', async () => {
    const room = await buildRoom(t.app);
    const authors = await Promise.all([1, 2, 3].map(() => buildUser(t.app)));
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        repo.insert(message(room.id, authors[i % 3]!.id, `text ${i}`)),
      ),
    );
    const ids = rows.map((r) => r!.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(30);
    expect(rows.map((r) => r!.text)).toEqual(rows.map((_, i) => `text ${i}`));
    for (const author of authors)
      expect(await counters(author.id)).toEqual({ total: 10, month: 10 });
  });

  it('keeps the order of posting across turns while earlier groups are being written', async () => {
    const room = await buildRoom(t.app);
    const author = await buildUser(t.app);
    const posted: Promise<MessageRow | null>[] = [];
    // A few messages a turn for 20 turns: later ones arrive while earlier ones are on their way.
    for (let turn = 0; turn < 20; turn++) {
      for (let k = 0; k <= turn % 3; k++)
        posted.push(repo.insert(message(room.id, author.id, `turn ${turn}.${k}`)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const rows = await Promise.all(posted);
    const ids = rows.map((r) => r!.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(posted.length);
    expect(await counters(author.id)).toEqual({ total: posted.length, month: posted.length });
  });

  // SQLite commits a turn's messages before the turn ends: no group is ever on its way.
  it.skipIf(dialect === 'sqlite')(
    'sends what was posted during a group with what comes once the room heard that group',
    async () => {
      const room = await buildRoom(t.app);
      const author = await buildUser(t.app);
      const db = t.database.db;
      const steps: string[] = [];
      const original = db.executeQuery.bind(db);
      const spy = vi.spyOn(db, 'executeQuery').mockImplementation(((query: CompiledQuery) => {
        const column = query.parameters[0];
        steps.push(`write ${Array.isArray(column) ? column.length : 1}`);
        return original(query);
      }) as typeof db.executeQuery);
      try {
        const writes = new MessagesRepository(db);
        const first = [
          writes.insert(message(room.id, author.id, 'a1')),
          writes.insert(message(room.id, author.id, 'a2')),
        ];
        await new Promise((resolve) => setImmediate(resolve)); // a1 and a2 are on their way
        const during = writes.insert(message(room.id, author.id, 'b1'));
        let after: Promise<MessageRow | null> | undefined;
        await first[0];
        // Stands for the room's fan-out of a1 and a2, and a1's author posting again.
        atEndOfTurn('send', () => {
          steps.push('fan-out');
          after = writes.insert(message(room.id, author.id, 'c1'));
        });
        const rows = await Promise.all([...first, during]);
        rows.push(await after!);
        expect(steps).toEqual(['write 2', 'fan-out', 'write 2']);
        const ids = rows.map((r) => r!.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(rows.map((r) => r!.text)).toEqual(['a1', 'a2', 'b1', 'c1']);
      } finally {
        spy.mockRestore();
      }
    },
  );

  it.skipIf(dialect === 'sqlite')(
    "commits without waiting for the disk, for the message's own transaction only",
    async () => {
      const room = await buildRoom(t.app);
      const author = await buildUser(t.app);
      const setting = async (db: Kysely<DB>) =>
        (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!
          .synchronous_commit;
      // Inside a transaction of the caller's, the setting is seen until it commits...
      const inside = await t.database.db.transaction().execute(async (trx) => {
        await insertMessageOnPostgres(trx, message(room.id, author.id, 'alone'));
        const alone = await setting(trx);
        await sql`set local synchronous_commit = on`.execute(trx);
        const groups = new PostgresMessageGroups(trx);
        await Promise.all(
          ['one', 'two'].map((text) => groups.insert(message(room.id, author.id, text))),
        );
        return [alone, await setting(trx)];
      });
      expect(inside).toEqual(['off', 'off']);
      // ...and ends with it: the pooled connection keeps the server's own.
      await t.database.db.connection().execute(async (conn) => {
        const before = await setting(conn);
        await insertMessageOnPostgres(conn, message(room.id, author.id, 'three'));
        const groups = new PostgresMessageGroups(conn);
        await Promise.all(
          ['four', 'five'].map((text) => groups.insert(message(room.id, author.id, text))),
        );
        expect(await setting(conn)).toBe(before);
      });
      expect(await counters(author.id)).toEqual({ total: 6, month: 6 });
    },
  );

  it('writes a client_id once when it comes twice in one turn or again later', async () => {
    const room = await buildRoom(t.app);
    const author = await buildUser(t.app);
    const same = clientId();
    const [first, twin, other] = await Promise.all([
      repo.insert(message(room.id, author.id, 'once', same)),
      repo.insert(message(room.id, author.id, 'once', same)),
      repo.insert(message(room.id, author.id, 'another')),
    ]);
    expect(first?.text).toBe('once');
    expect(twin).toBeNull();
    expect(other?.text).toBe('another');
    expect(await repo.insert(message(room.id, author.id, 'once', same))).toBeNull();
    expect(await counters(author.id)).toEqual({ total: 2, month: 2 });
  });

  it('refuses a gagged author and a message to a room that is gone, alone', async () => {
    const room = await buildRoom(t.app);
    const [gagged, speaker] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    await t.database.db
      .updateTable('users')
      .set({ gag_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', gagged.id)
      .execute();
    const outcomes = await Promise.allSettled([
      repo.insert(message(room.id, speaker.id, 'before')),
      repo.insert(message(room.id, gagged.id, 'muted')),
      repo.insert(message(room.id + 10_000, speaker.id, 'nowhere')),
      repo.insert(message(room.id, speaker.id, 'after')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'gagged' });
    const stored = await t.database.db
      .selectFrom('messages')
      .selectAll()
      .where('room_id', '=', room.id)
      .orderBy('id')
      .execute();
    expect(stored.map((m: MessageRow) => m.text)).toEqual(['before', 'after']);
    expect(await counters(speaker.id)).toEqual({ total: 2, month: 2 });
    expect(await counters(gagged.id)).toEqual({ total: 0, month: 0 });
  });
});
