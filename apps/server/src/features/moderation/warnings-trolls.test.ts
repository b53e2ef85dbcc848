import type { NotificationWire, SanctionSummary, WarningWire } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid } from '../../hostile/kit';
import { recordEvents } from '../../test/chat-fixtures';
import { testDialects } from '../../test/databases';
import { json, type Client } from '../../test/factories';
import { sanctionsSuite } from './sanctions-test-kit';

const dialects = await testDialects();

describe.each(dialects)('warnings, trolls and the sanction summary on %s', (dialect) => {
  const { t, k, nothingChanges } = sanctionsSuite(dialect);
  const warn = (who: Client, payload: Record<string, unknown>) =>
    who.asBrowser({ method: 'POST', url: '/api/moderation/warnings', payload });
  const troll = (who: Client, userId: number, method: 'POST' | 'DELETE' = 'POST') =>
    who.asBrowser({ method, url: `/api/moderation/trolls/${userId}` });
  const summary = async (who: Client, userId: number) =>
    json<{ data: SanctionSummary }>(
      await who.asBrowser({ method: 'GET', url: `/api/moderation/users/${userId}` }),
    ).data;

  it('warns: the record, the log, and a notification to the person', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const res = await warn(moderator, {
      user_id: target.user.id,
      reason: 'profanity',
      comment: '<b>mind</b> your words',
    });
    expect(res.statusCode, res.body).toBe(201);
    const warning = json<{ data: WarningWire }>(res).data;
    expect(warning).toMatchObject({
      user: { id: target.user.id },
      reason: 'profanity',
      taboo: null,
      comment: '<b>mind</b> your words',
      moderator: { id: moderator.user.id },
      evidence: null,
    });
    expect((await k.logOf(target.user.id)).map((l) => [l.action, l.subject_id])).toEqual([
      ['warn', warning.id],
    ]);
    const notes = json<{ data: NotificationWire[] }>(
      await target.asBrowser({ method: 'GET', url: '/api/notifications' }),
    ).data;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'warning',
      data: { reason: 'profanity', taboo: null, comment: '<b>mind</b> your words' },
    });
  });

  it('refuses warnings without the permission, on betters and oneself, and bad reasons', async () => {
    const user = await k.person();
    const moderator = await k.person('moderator');
    const admin = await k.person('admin');
    const target = await k.person();
    await nothingChanges(async () => {
      expectError(await warn(user, { user_id: target.user.id, reason: 'spam' }), 403, 'forbidden');
      expectError(
        await warn(moderator, { user_id: admin.user.id, reason: 'spam' }),
        403,
        'forbidden',
      );
      expectError(
        await warn(moderator, { user_id: moderator.user.id, reason: 'spam' }),
        403,
        'forbidden',
      );
      expectInvalid(await warn(moderator, { user_id: target.user.id, reason: 'meh' }), ['reason']);
      expectInvalid(await warn(moderator, { user_id: target.user.id, reason: 'taboo' }), ['taboo']);
      expectInvalid(await warn(moderator, { user_id: 2 ** 31 - 1, reason: 'spam' }), ['user_id']);
    });
  });

  it('marks and unmarks trolls: the flag, the log, AntitrollUpdated; repeats change nothing', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const events = recordEvents(t.app, 'user.troll');
    expect((await troll(moderator, target.user.id)).statusCode).toBe(204);
    expect((await k.row(target.user.id)).is_troll).toBe(1);
    await nothingChanges(async () => {
      expect((await troll(moderator, target.user.id)).statusCode).toBe(204);
    });
    expect((await troll(moderator, target.user.id, 'DELETE')).statusCode).toBe(204);
    expect((await k.row(target.user.id)).is_troll).toBe(0);
    expect(events.map(({ userId, troll }) => ({ userId, troll }))).toEqual([
      { userId: target.user.id, troll: true },
      { userId: target.user.id, troll: false },
    ]);
    // Told to those who may see trolls only (issue 19, point 13): the moderator, not the troll.
    for (const event of events) {
      expect(event.seers).toContain(moderator.user.id);
      expect(event.seers).not.toContain(target.user.id);
    }
    expect((await k.logOf(target.user.id)).map((l) => l.action)).toEqual(['troll', 'untroll']);
  });

  it('refuses trolls without the permission and on betters, changing nothing', async () => {
    const user = await k.person();
    const moderator = await k.person('moderator');
    const admin = await k.person('admin');
    const target = await k.person();
    await nothingChanges(async () => {
      expectError(await troll(user, target.user.id), 403, 'forbidden');
      expectError(await troll(moderator, admin.user.id), 403, 'forbidden');
      expectError(await troll(moderator, moderator.user.id, 'DELETE'), 403, 'forbidden');
      expectError(await troll(moderator, 2 ** 31 - 1), 404, 'not_found');
    });
  });

  it('suggests a longer period with each earlier violation, and counts them on the profile', async () => {
    const moderator = await k.person('moderator');
    const target = await k.person();
    const first = await summary(moderator, target.user.id);
    expect(first).toMatchObject({
      user: { id: target.user.id },
      recent_violations: 0,
      violations: 0,
      suggested_period: '5m',
      gag: null,
      ban: null,
      troll: false,
      can_sanction: true,
    });
    await warn(moderator, { user_id: target.user.id, reason: 'flood' });
    expect((await summary(moderator, target.user.id)).suggested_period).toBe('30m');
    const gag = await k.given(moderator, {
      user_id: target.user.id,
      type: 'gag',
      period: '30m',
      reason: 'flood',
    });
    const second = await summary(moderator, target.user.id);
    expect(second).toMatchObject({
      recent_violations: 2,
      violations: 2,
      suggested_period: '1h',
      gag: { id: gag.id },
    });
    // Violations older than the memory still count in total, not in the suggestion.
    await t.app.deps.database.db
      .updateTable('warnings')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', target.user.id)
      .execute();
    expect(await summary(moderator, target.user.id)).toMatchObject({
      recent_violations: 1,
      violations: 2,
      suggested_period: '30m',
    });
    // A ban undone by an accepted appeal was a mistake, not a violation.
    await t.app.deps.moderation.bans.liftUnchecked(moderator.user, gag.id, 'appeal');
    expect((await summary(moderator, target.user.id)).violations).toBe(1);

    const profile = await t.app.inject({ method: 'GET', url: `/api/profile/${target.user.slug}` });
    expect(
      json<{ data: { statistics: { violations: number } } }>(profile).data.statistics.violations,
    ).toBe(1);
  });

  it('shows the summary to staff only; can_sanction is false on betters', async () => {
    const user = await k.person();
    const moderator = await k.person('moderator');
    const admin = await k.person('admin');
    expectError(
      await user.asBrowser({ method: 'GET', url: `/api/moderation/users/${admin.user.id}` }),
      403,
      'forbidden',
    );
    expectError(
      await moderator.asBrowser({ method: 'GET', url: `/api/moderation/users/${2 ** 31 - 1}` }),
      404,
      'not_found',
    );
    expect((await summary(moderator, admin.user.id)).can_sanction).toBe(false);
    expect((await summary(moderator, moderator.user.id)).can_sanction).toBe(false);
    expect((await summary(admin, moderator.user.id)).can_sanction).toBe(true);
  });
});
