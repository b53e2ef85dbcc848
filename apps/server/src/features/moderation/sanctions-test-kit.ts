import type { BanWire } from '@chat/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { UserRow } from '../../db/schema';
import { observe, type Observer } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { TestDialect } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

/**
 * One describe block's app on `dialect` (built before its tests, closed after), watched for
 * changes, with the sanctions kit. `t.app` reads the app once it is built.
 */
export function sanctionsSuite(dialect: TestDialect, env: Record<string, string> = {}) {
  let built: TestApp | undefined;
  let obs: Observer;
  beforeAll(async () => {
    built = await buildTestApp(dialect, env);
    obs = await observe(built.app);
  });
  afterAll(async () => built?.close());
  const t = {
    get app(): FastifyInstance {
      return built!.app;
    },
  };
  /** Runs the calls and expects no row, event or broadcast to come of them. */
  const nothingChanges = async (calls: () => Promise<unknown>) =>
    expect(await obs.changes(calls)).toEqual([]);
  return { t, k: sanctionsKit(() => t.app), nothingChanges };
}

/** Shared calls of the sanctions tests. */
export function sanctionsKit(app: () => FastifyInstance) {
  const person = async (role = 'user') => signedIn(app(), await buildUser(app(), { role }));
  const ban = (who: Client, payload: Record<string, unknown>) =>
    who.asBrowser({ method: 'POST', url: '/api/moderation/bans', payload });
  const gag = (who: Client, userId: number, extra: Record<string, unknown> = {}) =>
    ban(who, { user_id: userId, type: 'gag', period: '1h', reason: 'flood', ...extra });
  const lift = (who: Client, banId: number) =>
    who.asBrowser({ method: 'DELETE', url: `/api/moderation/bans/${banId}` });
  const given = async (who: Client, payload: Record<string, unknown>): Promise<BanWire> => {
    const res = await ban(who, payload);
    if (res.statusCode !== 201) throw new Error(`ban failed: ${res.statusCode} ${res.body}`);
    return json<{ data: BanWire }>(res).data;
  };
  const row = async (userId: number): Promise<UserRow> =>
    (await app().deps.users.findById(userId))!;
  const bansOf = (userId: number) =>
    app()
      .deps.database.db.selectFrom('bans')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const logOf = (userId: number) =>
    app()
      .deps.database.db.selectFrom('moderation_log')
      .selectAll()
      .where('target_user_id', '=', userId)
      .orderBy('id')
      .execute();
  /** Moves a ban's end (and the user's column, when it holds it) into the past. */
  const endNow = async (banId: number, agoMs = 1000) => {
    const db = app().deps.database.db;
    const b = await db
      .selectFrom('bans')
      .selectAll()
      .where('id', '=', banId)
      .executeTakeFirstOrThrow();
    const past = new Date(Date.now() - agoMs).toISOString();
    const column = b.type === 'gag' ? 'gag_until' : 'ban_until';
    await db.updateTable('bans').set({ expires_at: past }).where('id', '=', banId).execute();
    await db
      .updateTable('users')
      .set({ [column]: past })
      .where('id', '=', b.user_id)
      .where(column, '=', b.expires_at!)
      .execute();
  };
  return { person, ban, gag, lift, given, row, bansOf, logOf, endNow };
}
