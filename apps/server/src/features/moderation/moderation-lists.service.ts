import type { BanType, BanWire, ModerationLogEntry, PageMeta } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { pageMeta } from '../../lib/paging';
import { hasPermission } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import { presentLogEntry } from './bans.presenter';
import type { BansRepository } from './bans.repository';
import type { BansService } from './bans.service';
import type { ModerationLogRepository } from './moderation-log.repository';

export const BANLIST_PAGE = 30;
export const LOG_PAGE = 50;

export interface BanListQuery {
  page?: number | undefined;
  status?: 'active' | 'past' | 'all' | undefined;
  moderator_id?: number | undefined;
  user_id?: number | undefined;
  reason?: string | undefined;
  type?: BanType | undefined;
}

export interface LogQuery {
  page?: number | undefined;
  actor_id?: number | undefined;
  target_user_id?: number | undefined;
}

/** The banlist and the moderation log, newest first, for the /moderation tabs. */
export class ModerationListsService {
  constructor(
    private readonly bans: BansRepository,
    private readonly bansService: BansService,
    private readonly log: ModerationLogRepository,
    private readonly users: UsersRepository,
  ) {}

  async banlist(
    viewer: UserRow,
    query: BanListQuery,
  ): Promise<{ data: BanWire[]; meta: PageMeta }> {
    if (!hasPermission(viewer, 'banlist.view')) throw forbidden();
    const page = query.page ?? 1;
    const { rows, total } = await this.bans.page(
      {
        status: query.status ?? 'all',
        moderatorId: query.moderator_id,
        userId: query.user_id,
        reason: query.reason,
        type: query.type,
      },
      nowIso(),
      page,
      BANLIST_PAGE,
    );
    return {
      data: await this.bansService.present(rows, viewer.id),
      meta: pageMeta(page, BANLIST_PAGE, total),
    };
  }

  async logPage(
    viewer: UserRow,
    query: LogQuery,
  ): Promise<{ data: ModerationLogEntry[]; meta: PageMeta }> {
    if (!hasPermission(viewer, 'moderation.log')) throw forbidden();
    const page = query.page ?? 1;
    const { rows, total } = await this.log.page(
      { actorId: query.actor_id, targetUserId: query.target_user_id },
      page,
      LOG_PAGE,
    );
    const ids = new Set<number>();
    for (const r of rows) {
      ids.add(r.actor_id);
      if (r.target_user_id !== null) ids.add(r.target_user_id);
    }
    const users = new Map((await this.users.findMany([...ids])).map((u) => [u.id, u]));
    return {
      data: rows.map((r) => presentLogEntry(r, users)),
      meta: pageMeta(page, LOG_PAGE, total),
    };
  }
}
