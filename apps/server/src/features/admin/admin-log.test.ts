import type { AdminLogEntry, PageMeta } from '@chat/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerOf } from '../../access/viewer';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

const dialects = await testDialects();

describe.each(dialects)('the admin log on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
  });
  afterAll(async () => t.close());

  const db = () => t.app.deps.database.db;
  const logged = async (who: Client, query = '') => {
    const res = await who.asBrowser({ method: 'GET', url: `/api/admin/log${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: AdminLogEntry[]; meta: PageMeta }>(res);
  };
  /** A change through the one path every admin write takes. */
  const change = (subjectId: number, after: Record<string, unknown>) =>
    t.app.deps.admin.changes.change(viewerOf(admin.user), 'settings', async (tx) => {
      await tx.db
        .insertInto('site_settings')
        .values({ key: `admin_log_test_${subjectId}`, value: JSON.stringify(after) })
        .execute();
      return {
        action: 'settings.update',
        subjectType: 'setting',
        subjectId,
        before: null,
        after,
        result: subjectId,
      };
    });

  it('writes one row per change with the change, then tells every tab and cache', async () => {
    const told = recordEvents(t.app, 'catalog.updated');
    await change(1, { price: 150, note: 'цена <b>50%</b>' });
    expect(told).toEqual([{ part: 'settings' }]);
    const { data } = await logged(admin);
    expect(data[0]).toMatchObject({
      action: 'settings.update',
      subject_type: 'setting',
      subject_id: '1',
      before: null,
      after: { price: 150, note: 'цена <b>50%</b>' },
      actor: { id: admin.user.id },
    });
    // Found by what changed, and `%` is a character, not a wildcard.
    expect((await logged(admin, '?q=50%25')).data.map((e) => e.subject_id)).toEqual(['1']);
    expect((await logged(admin, '?q=5%25%25')).data).toEqual([]);
    expect((await logged(admin, '?action=settings')).meta.total).toBeGreaterThanOrEqual(1);
    expect((await logged(admin, '?action=smileys')).data).toEqual([]);
  });

  it('logs nothing and tells no one of a change that failed', async () => {
    const told = recordEvents(t.app, 'catalog.updated');
    const before = (await logged(admin)).meta.total;
    await expect(
      t.app.deps.admin.changes.change(viewerOf(admin.user), 'settings', async (tx) => {
        await tx.db.insertInto('site_settings').values({ key: 'half_done', value: '1' }).execute();
        throw new Error('refused half way');
      }),
    ).rejects.toThrow('refused half way');
    expect((await logged(admin)).meta.total).toBe(before);
    expect(told).toEqual([]);
    const row = await db()
      .selectFrom('site_settings')
      .select('key')
      .where('key', '=', 'half_done')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps every row: the database refuses to change or delete one', async () => {
    await change(2, { a: 1 });
    await expect(sql`update admin_log set action = 'x'`.execute(db())).rejects.toThrow();
    await expect(sql`delete from admin_log`.execute(db())).rejects.toThrow();
    expect((await logged(admin)).data.some((e) => e.subject_id === '2')).toBe(true);
  });

  it.each(['user', 'moderator', 'guest'] as const)(
    'refuses the log to a %s (403)',
    async (role) => {
      const who = await signedIn(t.app, await buildUser(t.app, { role }));
      const res = await who.asBrowser({ method: 'GET', url: '/api/admin/log' });
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe(role === 'guest' ? 'guest' : 'forbidden');
    },
  );

  it('asks nobody signed in to sign in (401), and refuses a bad filter (422)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/log' })).statusCode).toBe(401);
    const bad = await admin.asBrowser({ method: 'GET', url: '/api/admin/log?action=%3Cscript%3E' });
    expect(bad.statusCode).toBe(422);
  });
});
