import type { BanWire } from '@chat/shared';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { buildUser, json, signedIn, type Client } from '../../test/factories';

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
