import type { Kysely } from 'kysely';
import type { ModerationAction } from '@chat/shared';
import type { DB, ModerationLogRow } from '../../db/schema';
import { nowIso } from '../../lib/clock';
import { newestFirstPage } from '../../lib/paging';

export interface LogEntryInput {
  actorId: number;
  action: ModerationAction;
  targetUserId?: number | null;
  subjectType?: string | null;
  subjectId?: number | null;
  reason?: string | null;
  comment?: string | null;
  data?: Record<string, unknown>;
}

/**
 * The moderation log: every moderator action, append-only (the table refuses UPDATE and DELETE).
 * `record` takes the caller's transaction so the entry commits with the action it describes.
 */
export class ModerationLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async record(entry: LogEntryInput, trx: Kysely<DB> = this.db): Promise<void> {
    await trx
      .insertInto('moderation_log')
      .values({
        actor_id: entry.actorId,
        action: entry.action,
        target_user_id: entry.targetUserId ?? null,
        subject_type: entry.subjectType ?? null,
        subject_id: entry.subjectId ?? null,
        reason: entry.reason ?? null,
        comment: entry.comment ?? null,
        data: JSON.stringify(entry.data ?? {}),
        created_at: nowIso(),
      })
      .execute();
  }

  async page(
    filter: { actorId?: number; targetUserId?: number; subjectType?: string; subjectId?: number },
    page: number,
    perPage: number,
  ): Promise<{ rows: ModerationLogRow[]; total: number }> {
    let query = this.db.selectFrom('moderation_log');
    if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
    if (filter.targetUserId !== undefined) {
      query = query.where('target_user_id', '=', filter.targetUserId);
    }
    if (filter.subjectType !== undefined)
      query = query.where('subject_type', '=', filter.subjectType);
    if (filter.subjectId !== undefined) query = query.where('subject_id', '=', filter.subjectId);
    return newestFirstPage(query, page, perPage);
  }
}
