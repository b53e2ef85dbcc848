import type { BanWire, ModerationLogEntry, PageMeta } from '@chat/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { BANLIST_PAGE } from './moderation-lists.service';
import { sanctionsKit } from './sanctions-test-kit';

const dialects = await testDialects();

describe.each(dialects)('the banlist and the moderation log on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const k = sanctionsKit(() => t.app);
  const banlist = async (who: Client, query: string) => {
    const res = await who.asBrowser({ method: 'GET', url: `/api/moderation/bans?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: BanWire[]; meta: PageMeta }>(res);
  };
  const logOf = async (who: Client, query: string) => {
    const res = await who.asBrowser({ method: 'GET', url: `/api/moderation/log?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: ModerationLogEntry[]; meta: PageMeta }>(res);
  };

  it('lists bans newest first with every filter, and pages', async () => {
    const anna = await k.person('moderator');
    const boris = await k.person('moderator');
    const x = await k.person();
    const y = await k.person();
    const gagX = await k.given(anna, {
      user_id: x.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
    });
    const banX = await k.given(boris, {
      user_id: x.user.id,
      type: 'ban',
      period: '24h',
      reason: 'taboo',
      taboo: 'porn',
    });
    const gagY = await k.given(anna, {
      user_id: y.user.id,
      type: 'gag',
      period: '5m',
      reason: 'spam',
    });
    await k.lift(boris, gagY.id);
    const ids = (r: { data: BanWire[] }) => r.data.map((b) => b.id);

    expect(ids(await banlist(anna, `moderator_id=${anna.user.id}`))).toEqual([gagY.id, gagX.id]);
    expect(ids(await banlist(anna, `user_id=${x.user.id}`))).toEqual([banX.id, gagX.id]);
    expect(ids(await banlist(anna, `user_id=${x.user.id}&reason=taboo`))).toEqual([banX.id]);
    expect(ids(await banlist(anna, `user_id=${x.user.id}&type=gag`))).toEqual([gagX.id]);
    const active = ids(await banlist(anna, 'status=active'));
    expect(active).toEqual(expect.arrayContaining([gagX.id, banX.id]));
    expect(active).not.toContain(gagY.id);
    expect(ids(await banlist(anna, `status=past&moderator_id=${anna.user.id}`))).toEqual([gagY.id]);
    const lifted = (await banlist(anna, `user_id=${y.user.id}`)).data[0]!;
    expect(lifted).toMatchObject({ lift_reason: 'early', lifted_by: { id: boris.user.id } });
    // An ended ban is past, whether or not its job ran.
    await k.endNow(gagX.id);
    expect(ids(await banlist(anna, `status=past&user_id=${x.user.id}`))).toEqual([gagX.id]);

    const all = await banlist(anna, 'status=all');
    expect(all.meta).toMatchObject({ current_page: 1, per_page: BANLIST_PAGE, last_page: 1 });
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    const far = await banlist(anna, 'page=99');
    expect(far.data).toEqual([]);
  });

  it('keeps the banlist and log from people without the permission, and refuses bad filters', async () => {
    const user = await k.person();
    const moderator = await k.person('moderator');
    expectError(
      await user.asBrowser({ method: 'GET', url: '/api/moderation/bans' }),
      403,
      'forbidden',
    );
    expectError(
      await user.asBrowser({ method: 'GET', url: '/api/moderation/log' }),
      403,
      'forbidden',
    );
    for (const q of ['status=gone', 'type=mute', 'reason=ugly', 'page=0', 'moderator_id=abc'])
      expect(
        (await moderator.asBrowser({ method: 'GET', url: `/api/moderation/bans?${q}` })).statusCode,
        q,
      ).toBe(422);
    expectInvalid(
      await moderator.asBrowser({ method: 'GET', url: '/api/moderation/log?actor_id=0x1' }),
      ['actor_id'],
    );
  });

  it('logs every action with who, whom and why; filters by actor and target', async () => {
    const moderator = await k.person('moderator');
    const other = await k.person('moderator');
    const target = await k.person();
    const gag = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
      comment: 'stop',
    });
    await k.lift(moderator, gag.id);
    await k.given(moderator, {
      user_id: target.user.id,
      type: 'full_ban',
      period: 'forever',
      reason: 'spam',
    });
    await moderator.asBrowser({
      method: 'POST',
      url: '/api/moderation/warnings',
      payload: { user_id: target.user.id, reason: 'nick' },
    });
    await moderator.asBrowser({ method: 'POST', url: `/api/moderation/trolls/${target.user.id}` });
    await other.asBrowser({ method: 'DELETE', url: `/api/moderation/trolls/${target.user.id}` });

    const entries = (await logOf(moderator, `target_user_id=${target.user.id}`)).data;
    expect(entries.map((e) => [e.action, e.actor.id])).toEqual([
      ['untroll', other.user.id],
      ['troll', moderator.user.id],
      ['warn', moderator.user.id],
      ['full_ban', moderator.user.id],
      ['lift', moderator.user.id],
      ['gag', moderator.user.id],
    ]);
    expect(entries.at(-1)).toMatchObject({
      target_user: { id: target.user.id },
      subject_type: 'ban',
      subject_id: gag.id,
      reason: 'flood',
      comment: 'stop',
      data: { period: '1h' },
    });
    const byOther = await logOf(moderator, `actor_id=${other.user.id}`);
    expect(byOther.data.map((e) => e.action)).toEqual(['untroll']);
    expect(byOther.meta).toMatchObject({ current_page: 1, total: 1 });
  });

  it('cannot lose a log entry: a raw DELETE or UPDATE fails', async () => {
    const db = t.app.deps.database.db;
    const before = await db
      .selectFrom('moderation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(sql`delete from moderation_log`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update moderation_log set comment = 'x'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    const after = await db
      .selectFrom('moderation_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
