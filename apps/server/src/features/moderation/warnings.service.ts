import type { WarningBody, WarningWire } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import { forbidden, invalid } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { hasPermission } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import { presentWarning } from './bans.presenter';
import type { BansRepository } from './bans.repository';
import { snapshotMessage } from './evidence';
import type { ModerationLogRepository } from './moderation-log.repository';
import { sanctionTarget } from './sanction-targets';

export type Notify = (userId: number, kind: string, data: Record<string, unknown>) => Promise<void>;

/** A moderator's warning: a record (it counts as a violation), the log, and a notification. */
export class WarningsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly bans: BansRepository,
    private readonly users: UsersRepository,
    private readonly log: ModerationLogRepository,
    private readonly notify: Notify,
  ) {}

  async warn(actor: UserRow, body: WarningBody): Promise<WarningWire> {
    if (!hasPermission(actor, 'user.warn')) throw forbidden();
    const target = await sanctionTarget(this.users, actor, body.user_id, 'body');
    let evidence = null;
    if (body.message_id !== undefined) {
      if (!(await this.bans.isMessageOf(body.message_id, target.id)))
        throw invalid({ message_id: ['moderation.message_invalid'] });
      evidence = await snapshotMessage(this.db, body.message_id);
    }
    const comment = body.comment || null;
    const row = await this.db.transaction().execute(async (trx) => {
      const warning = await this.bans.insertWarning(trx, {
        user_id: target.id,
        moderator_id: actor.id,
        reason: body.reason,
        taboo: body.taboo ?? null,
        comment,
        message_id: body.message_id ?? null,
        evidence: evidence ? JSON.stringify(evidence) : null,
        created_at: nowIso(),
      });
      await this.log.record(
        {
          actorId: actor.id,
          action: 'warn',
          targetUserId: target.id,
          subjectType: 'warning',
          subjectId: warning.id,
          reason: body.reason,
          comment,
          data: { taboo: body.taboo ?? null },
        },
        trx,
      );
      return warning;
    });
    await this.notify(target.id, 'warning', {
      reason: body.reason,
      taboo: body.taboo ?? null,
      comment,
    });
    return presentWarning(row, new Map([target, actor].map((u) => [u.id, u])));
  }
}
