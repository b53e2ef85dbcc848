import { BAN_TYPES } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { COMMIT_REFUSED, unitsFailingAtCommit } from '../../test/units';
import { BAN_EXPIRE_JOB } from './ban-expiry';
import { BansRepository } from './bans.repository';
import { BansService } from './bans.service';
import { sanctionsSuite } from './sanctions-test-kit';

const dialects = await testDialects();

describe.each(dialects)('a sanction commits with its expiry job on %s', (dialect) => {
  const { t, k, nothingChanges } = sanctionsSuite(dialect);

  const expiryJobs = () =>
    t.app.deps.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', BAN_EXPIRE_JOB)
      .execute();

  it.each(BAN_TYPES)(
    'a %s whose transaction fails leaves no sanction, no job, no event',
    async (type) => {
      const { deps } = t.app;
      const moderator = await k.person('admin');
      const target = await k.person();
      const bans = new BansService(
        deps.database.db,
        new BansRepository(deps.database.db),
        deps.users,
        deps.moderation.log,
        deps.events,
        unitsFailingAtCommit(t.app),
        { leaveChat: () => deps.rooms.leaveChat(target.user) },
      );
      const jobsBefore = await expiryJobs();
      await nothingChanges(async () => {
        await expect(
          bans.give(moderator.user, {
            user_id: target.user.id,
            type,
            period: '1h',
            reason: 'flood',
          }),
        ).rejects.toThrow(COMMIT_REFUSED);
      });
      expect(await expiryJobs()).toEqual(jobsBefore);
      expect(await k.bansOf(target.user.id)).toEqual([]);
      expect(await k.row(target.user.id)).toMatchObject({ gag_until: null, ban_until: null });
    },
  );

  it.each(BAN_TYPES)('a %s that commits has its expiry job at its end', async (type) => {
    const moderator = await k.person('admin');
    const target = await k.person();
    const ban = await k.given(moderator, {
      user_id: target.user.id,
      type,
      period: '1h',
      reason: 'flood',
    });
    const jobs = (await expiryJobs()).filter(
      (j) => j.payload === JSON.stringify({ banId: ban.id }),
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'queued', dedupe_key: `ban.expire:${ban.id}` });
    expect(Date.parse(jobs[0]!.run_at)).toBe(Date.parse(ban.expires_at!));
  });
});
