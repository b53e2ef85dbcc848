import { suggestBanPeriod, VIOLATION_MEMORY_DAYS, type SanctionSummary } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import { forbidden, notFound } from '../../http/app-error';
import type { JobPayloads } from '../jobs/job-queue';
import { hasPermission, presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { BansRepository } from './bans.repository';
import type { BansService } from './bans.service';
import type { ModerationLogRepository } from './moderation-log.repository';
import { mayAct, sanctionTarget } from './sanction-targets';

const DAY_MS = 24 * 60 * 60_000;
/** More than the longest step of the suggestion ladder needs. */
const SUGGESTION_SAMPLE = 20;

/** Trolls (the shadow ban) and what a moderator sees before sanctioning someone. */
export class ModeratedUsersService {
  constructor(
    private readonly bans: BansRepository,
    private readonly bansService: BansService,
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly units: UnitOfWork<JobPayloads>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Marks (or unmarks) a troll; nothing tells the troll. Repeating it changes nothing. */
  async setTroll(actor: UserRow, userId: number, troll: boolean): Promise<void> {
    if (!hasPermission(actor, 'user.troll')) throw forbidden();
    const target = await sanctionTarget(this.users, actor, userId, 'path');
    await this.units.run(async (tx) => {
      if (!(await this.bans.setTroll(tx.db, target.id, troll))) return;
      await this.log.record(
        { actorId: actor.id, action: troll ? 'troll' : 'untroll', targetUserId: target.id },
        tx.db,
      );
      // Told only to those who may see trolls: a troll's second account learns nothing.
      const seers = await this.bans.trollSeerIds(tx.db);
      tx.emit('user.troll', { userId: target.id, troll, seers });
    });
  }

  async summary(actor: UserRow, userId: number): Promise<SanctionSummary> {
    if (!(['user.gag', 'user.ban', 'user.warn'] as const).some((p) => hasPermission(actor, p)))
      throw forbidden();
    const target = await this.users.findById(userId);
    if (!target) throw notFound();
    const now = this.now();
    const since = new Date(now.getTime() - VIOLATION_MEMORY_DAYS * DAY_MS).toISOString();
    const [recent, violations, active] = await Promise.all([
      this.bans.violationTimes(target.id, since, SUGGESTION_SAMPLE),
      this.bans.countViolations(target.id),
      this.bansService.activeOf(target.id, actor.id),
    ]);
    const recentCount = await this.countSince(target.id, since, recent.length);
    return {
      user: presentPublicUser(target),
      recent_violations: recentCount,
      violations,
      suggested_period: suggestBanPeriod(
        recent.map((created_at) => ({ created_at })),
        now,
      ),
      gag: active.gag,
      ban: active.ban,
      troll: target.is_troll === 1,
      can_sanction: mayAct(actor, target) && target.deleted_at === null,
    };
  }

  /** The profile statistic: bans, gags and warnings ever. */
  violations(userId: number): Promise<number> {
    return this.bans.countViolations(userId);
  }

  /** Recent violations: the sample is exact unless it was cut at its limit. */
  private async countSince(userId: number, since: string, sampled: number): Promise<number> {
    if (sampled < SUGGESTION_SAMPLE) return sampled;
    return (await this.bans.violationTimes(userId, since, 10_000)).length;
  }
}
