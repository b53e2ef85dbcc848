import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { buildRoom, clientId, recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { sanctionsSuite } from './sanctions-test-kit';

const dialects = await testDialects();

describe.each(dialects)('lifting and ending sanctions on %s', (dialect) => {
  const { t, k, nothingChanges } = sanctionsSuite(dialect, { MESSAGE_RATE_LIMIT: '1000' });

  it('lifts early: the record, the column, the log, the events; not twice, not without the permission', async () => {
    const moderator = await k.person('moderator');
    const other = await k.person('moderator');
    const user = await k.person();
    const target = await k.person();
    const gag = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
    });
    await nothingChanges(async () => {
      expectError(await k.lift(user, gag.id), 403, 'forbidden');
      expectError(await k.lift(moderator, 2 ** 31 - 1), 404, 'not_found');
    });
    const sanctions = recordEvents(t.app, 'moderation.sanctions');
    const updated = recordEvents(t.app, 'user.updated');
    const res = await k.lift(other, gag.id);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await k.bansOf(target.user.id);
    expect(row).toMatchObject({ lifted_by: other.user.id, lift_reason: 'early' });
    expect(row!.lifted_at).not.toBeNull();
    expect((await k.row(target.user.id)).gag_until).toBeNull();
    expect(sanctions).toEqual([{ userId: target.user.id, gagUntil: null, banUntil: null }]);
    expect(updated.map((e) => e.user.id)).toEqual([target.user.id]);
    expect((await k.logOf(target.user.id)).map((l) => [l.action, l.actor_id, l.reason])).toEqual([
      ['gag', moderator.user.id, 'flood'],
      ['lift', other.user.id, 'early'],
    ]);
    await nothingChanges(async () => {
      expectInvalid(await k.lift(other, gag.id), ['ban']);
    });
    // The person may write again.
    const room = await buildRoom(t.app);
    await target.asBrowser({ method: 'POST', url: `/api/room/${room.id}/enter` });
    const said = await target.asBrowser({
      method: 'POST',
      url: `/api/room/${room.id}/message`,
      payload: { text: 'sorry', client_id: clientId() },
    });
    expect(said.statusCode, said.body).toBe(201);
  });

  it('lifts only what one could have given: a moderator may not lift a moderator’s gag (403)', async () => {
    const admin = await k.person('admin');
    const moderator = await k.person('moderator');
    const colleague = await k.person('moderator');
    const gag = await k.given(admin, {
      user_id: colleague.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
    });
    await nothingChanges(async () => {
      expectError(await k.lift(moderator, gag.id), 403, 'forbidden');
    });
    expect((await k.lift(await k.person('admin'), gag.id)).statusCode).toBe(204);
  });

  it('liftUnchecked lifts for an accepted appeal, once', async () => {
    const moderator = await k.person('moderator');
    const second = await k.person('moderator');
    const target = await k.person();
    const ban = await k.given(moderator, {
      user_id: target.user.id,
      type: 'ban',
      period: '1y',
      reason: 'nick',
    });
    expect(await t.app.deps.moderation.bans.liftUnchecked(second.user, ban.id, 'appeal')).toBe(
      true,
    );
    expect(await t.app.deps.moderation.bans.liftUnchecked(second.user, ban.id, 'appeal')).toBe(
      false,
    );
    expect((await k.bansOf(target.user.id))[0]).toMatchObject({ lift_reason: 'appeal' });
    expect((await k.row(target.user.id)).ban_until).toBeNull();
  });

  it('ends on time: the job clears the column and announces; a newer sanction is not cleared', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const old = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '5m',
      reason: 'flood',
    });
    // Too early: the job refuses (and will be retried), nothing changes.
    await expect(t.app.deps.moderation.bans.expire(old.id)).rejects.toThrow();
    expect((await k.row(target.user.id)).gag_until).toBe(old.expires_at);

    await k.endNow(old.id);
    const newer = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '1h',
      reason: 'flood',
    });
    const updated = recordEvents(t.app, 'user.updated');
    await t.app.deps.moderation.bans.expire(old.id);
    expect((await k.row(target.user.id)).gag_until).toBe(newer.expires_at);
    expect(updated).toEqual([]);

    await k.endNow(newer.id);
    const sanctions = recordEvents(t.app, 'moderation.sanctions');
    await t.app.deps.moderation.bans.expire(newer.id);
    expect((await k.row(target.user.id)).gag_until).toBeNull();
    expect(updated.map((e) => e.user.id)).toEqual([target.user.id]);
    expect(sanctions).toEqual([{ userId: target.user.id, gagUntil: null, banUntil: null }]);
    // Running again changes nothing.
    await t.app.deps.moderation.bans.expire(newer.id);
    expect(updated).toHaveLength(1);
  });

  it('runs the expiry through the job queue at the ban end', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const gag = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '5m',
      reason: 'flood',
    });
    await k.endNow(gag.id);
    await t.app.deps.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('dedupe_key', '=', `ban.expire:${gag.id}`)
      .execute();
    const updated = recordEvents(t.app, 'user.updated');
    t.app.deps.jobs.wake();
    for (let i = 0; i < 150 && updated.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(updated.map((e) => e.user.id)).toEqual([target.user.id]);
    expect((await k.row(target.user.id)).gag_until).toBeNull();
  });
});
