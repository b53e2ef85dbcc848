import * as complaintPolicy from '../../access/complaint.policy';
import type { Accused } from '../../access/complaint.policy';
import { viewerOf } from '../../access/viewer';
import {
  APPEAL_REASONS,
  COMPLAINT_REASONS,
  COMPLAINTS_PER_HOUR,
  type ComplaintBody,
  type ComplaintComment,
  type ComplaintDetail,
  type ComplaintTarget,
  type ComplaintWire,
  type PageMeta,
} from '@chat/shared';
import type { ComplaintRow, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, forbidden, invalid, notFound } from '../../http/app-error';
import { BROADCAST_LIMITS } from '../../http/broadcast-limits';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { pageMeta } from '../../lib/paging';
import { ComplaintNews } from './complaint-news';
import { ComplaintTargets } from './complaint-targets';
import type { BansRepository } from './bans.repository';
import { presentBan } from './bans.presenter';
import {
  accusedOf,
  isStaff,
  presentComment,
  peopleOf,
  presentComplaint,
  type ComplaintViewer,
} from './complaints.presenter';
import type { ComplaintTargetsRepository } from './complaint-targets.repository';
import type { ComplaintsRepository } from './complaints.repository';
import type { ModerationLogRepository } from './moderation-log.repository';
import { mayAct } from './sanction-targets';

export const COMPLAINTS_PAGE = 20;
const RULE: RateLimitRule = {
  name: 'complaints',
  points: COMPLAINTS_PER_HOUR,
  durationSeconds: 3600,
};

/** What complaints need from the rest of the app. */
export interface ComplaintPorts {
  notify(userId: number, kind: 'complaint', data: Record<string, unknown>): Promise<unknown>;
  /** Lifts a ban because its appeal was accepted (the bans feature emits its events). */
  liftBan(banId: number, actor: UserRow): Promise<void>;
}

/**
 * Complaints about messages, private messages, people and photos, and appeals against one's own
 * ban (a complaint whose target is the ban). Duplicates merge into one complaint with several
 * reporters; a moderator takes one, then accepts or refuses it; reporters and staff talk in its
 * thread. Reporters never learn who else reported the same thing.
 */
export class ComplaintsService {
  private readonly targets: ComplaintTargets;
  private readonly news: ComplaintNews;

  constructor(
    private readonly repo: ComplaintsRepository,
    things: ComplaintTargetsRepository,
    private readonly bans: BansRepository,
    private readonly log: ModerationLogRepository,
    private readonly rateLimits: RateLimits,
    private readonly events: DomainEvents,
    private readonly ports: ComplaintPorts,
  ) {
    this.targets = new ComplaintTargets(repo, things, bans);
    this.news = new ComplaintNews(repo, bans, events);
  }

  async file(
    user: UserRow,
    body: ComplaintBody,
  ): Promise<{ complaint: ComplaintWire; created: boolean }> {
    if (!complaintPolicy.canFile(viewerOf(user))) throw forbidden();
    const isAppeal = body.target_type === 'ban';
    const reasons: readonly string[] = isAppeal ? APPEAL_REASONS : COMPLAINT_REASONS;
    if (!reasons.includes(body.reason)) throw invalid({ reason: ['complaint.reason'] });
    await this.rateLimits.hit(RULE, String(user.id));

    const target = isAppeal
      ? await this.targets.appeal(user, body.target_id)
      : await this.targets.of(
          user,
          body.target_type as Exclude<ComplaintTarget, 'ban'>,
          body.target_id,
        );
    if ('existing' in target)
      return { complaint: await this.present(target.existing, user), created: false };
    const { complaint, created } = await this.repo.file(
      {
        target_type: body.target_type,
        target_id: body.target_id,
        is_appeal: isAppeal ? 1 : 0,
        reason: body.reason,
        text: body.text && body.text.length > 0 ? body.text : null,
        reporter_id: user.id,
        accused_id: target.accusedId,
        evidence: target.evidence ? JSON.stringify(target.evidence) : null,
        open_key: `${body.target_type}:${body.target_id}`,
      },
      nowIso(),
    );
    return { complaint: await this.present(complaint, user), created };
  }

  async list(
    user: UserRow,
    tab: 'mine' | 'open' | 'closed',
    page: number,
  ): Promise<{ data: ComplaintWire[]; meta: PageMeta }> {
    if (tab !== 'mine' && !isStaff(user)) throw forbidden();
    const filter =
      tab === 'mine'
        ? { mine: user.id }
        : tab === 'open'
          ? { open: true as const }
          : { closed: true as const };
    // The queue and the closed list leave out what the viewer may not handle (about themself,
    // or about staff for a moderator); their own reports they always see, as a reporter.
    const { rows, total } = await this.repo.page(
      filter,
      COMPLAINTS_PAGE,
      (page - 1) * COMPLAINTS_PAGE,
      tab === 'mine' ? undefined : complaintPolicy.listedFor(viewerOf(user)),
    );
    const viewer = await this.viewerOf(
      user,
      rows.map((r) => r.id),
    );
    const users = await this.repo.users([user.id, ...rows.flatMap(peopleOf)]);
    return {
      data: rows.map((row) => presentComplaint(row, users, viewer)),
      meta: pageMeta(page, COMPLAINTS_PAGE, total),
    };
  }

  async detail(user: UserRow, id: number): Promise<ComplaintDetail> {
    const row = await this.visible(user, id);
    const viewer = await this.viewerOf(user, [id]);
    const ban = row.is_appeal === 1 ? await this.bans.find(row.target_id) : undefined;
    const thread = await this.repo.comments(id);
    const users = await this.repo.users([
      user.id,
      ...peopleOf(row),
      ...thread.map((c) => c.author_id),
      ...(ban ? [ban.user_id, ban.moderator_id, ...(ban.lifted_by ? [ban.lifted_by] : [])] : []),
    ]);
    // Staff read it as staff only when they may handle this one (not about them, nor staff).
    const handles = complaintPolicy.canHandleAbout(viewerOf(user), accusedOf(row, users));
    // A reporter sees the staff's answers and their own words, never other reporters'.
    const hideStaff = !handles && viewer.hideModerators;
    const comments = thread.flatMap((c) => {
      const shown = presentComment(c, users, hideStaff && c.author_id !== user.id);
      return shown && (handles || shown.staff || c.author_id === user.id) ? [shown] : [];
    });
    const open = row.status === 'open' || row.status === 'taken';
    const gaveTheBan = ban?.moderator_id === user.id;
    const appellant = ban ? users.get(ban.user_id) : undefined;
    const mayHandle =
      handles && !gaveTheBan && (appellant === undefined || mayAct(user, appellant));
    return {
      ...presentComplaint(row, users, viewer),
      comments,
      ban: ban
        ? presentBan(ban, {
            users,
            appeal: { id: row.id, status: row.status },
            hideModerator: !handles && viewer.hideModerators,
          })
        : null,
      can: {
        take: mayHandle && row.status === 'open',
        resolve:
          mayHandle &&
          (row.status === 'open' || (row.status === 'taken' && row.assignee_id === user.id)),
        comment: open,
      },
    };
  }

  async take(user: UserRow, id: number): Promise<ComplaintWire> {
    const row = await this.handled(user, id);
    if (row.status === 'taken' && row.assignee_id === user.id) return this.present(row, user);
    const taken = await this.repo.take(id, user.id, nowIso(), (trx) =>
      this.log.record(
        {
          actorId: user.id,
          action: 'complaint.take',
          targetUserId: row.accused_id,
          subjectType: 'complaint',
          subjectId: id,
          reason: row.reason,
        },
        trx,
      ),
    );
    if (!taken) return this.present(await this.notHandled(user, id), user);
    await this.news.updated(taken);
    return this.present(taken, user);
  }

  async resolve(
    user: UserRow,
    id: number,
    body: { status: 'accepted' | 'refused'; comment?: string },
  ): Promise<ComplaintWire> {
    const row = await this.handled(user, id);
    const resolution = body.comment && body.comment.length > 0 ? body.comment : null;
    const action = `${row.is_appeal === 1 ? 'appeal' : 'complaint'}.${
      body.status === 'accepted' ? 'accept' : 'refuse'
    }` as const;
    const resolved = await this.repo.resolve(
      id,
      user.id,
      { status: body.status, resolution },
      nowIso(),
      (trx) =>
        this.log.record(
          {
            actorId: user.id,
            action,
            targetUserId: row.accused_id,
            subjectType: 'complaint',
            subjectId: id,
            reason: row.reason,
            comment: resolution,
          },
          trx,
        ),
    );
    if (!resolved) {
      await this.notHandled(user, id);
      throw invalid({ complaint: ['complaint.closed'] });
    }
    if (resolved.is_appeal === 1 && resolved.status === 'accepted')
      await this.ports.liftBan(resolved.target_id, user);
    const reporters = await this.repo.reporterIds(id);
    for (const reporterId of reporters) {
      await this.ports.notify(reporterId, 'complaint', {
        complaint_id: id,
        status: resolved.status,
        is_appeal: resolved.is_appeal === 1,
      });
    }
    await this.news.updated(resolved);
    return this.present(resolved, user);
  }

  async comment(user: UserRow, id: number, text: string): Promise<ComplaintComment> {
    const row = await this.visible(user, id);
    if (row.status !== 'open' && row.status !== 'taken')
      throw invalid({ complaint: ['complaint.closed'] });
    // Each comment notifies the reporters and the staff: limited per account.
    await this.rateLimits.hit(BROADCAST_LIMITS.complaintComment, String(user.id));
    const stored = await this.repo.addComment(id, user.id, text, nowIso());
    const comment = presentComment(stored, new Map([[user.id, user]]))!;
    // Staff answer everyone who reported it; a reporter's words go to the staff only.
    const reporters = comment.staff ? await this.repo.reporterIds(id) : [];
    const recipients = new Set([...reporters, user.id]);
    if (row.assignee_id !== null) recipients.add(row.assignee_id);
    await this.news.comment(id, comment, recipients);
    if (comment.staff && row.is_appeal === 1 && row.reporter_id !== user.id) {
      await this.ports.notify(row.reporter_id, 'complaint', { complaint_id: id, comment: true });
    }
    return comment;
  }

  // ---- access --------------------------------------------------------------------------------

  /**
   * The complaint if the caller may see it (a reporter, or staff who may handle it); else it
   * does not exist. The accused moderator does not learn of it, nor who reported them.
   */
  private async visible(user: UserRow, id: number): Promise<ComplaintRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const viewer = viewerOf(user);
    const accused = await this.accused(row);
    // Those who may handle it see it: no need to ask whether they reported this one.
    const reporter =
      !complaintPolicy.canHandleAbout(viewer, accused) && (await this.repo.isReporter(id, user.id));
    if (!complaintPolicy.canSee(viewer, { reporter, accused })) throw notFound();
    return row;
  }

  /** The complaint if the caller may take or resolve it (never the accused; staff: admins). */
  private async handled(user: UserRow, id: number): Promise<ComplaintRow> {
    if (!isStaff(user)) throw forbidden();
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const accused = await this.accused(row);
    if (!complaintPolicy.can(viewerOf(user), 'take', accused)) {
      // Staff who may not handle it do not learn it exists, unless they reported it.
      if (!(await this.repo.isReporter(id, user.id))) throw notFound();
      throw forbidden();
    }
    // Nobody judges their own decision: the moderator who gave a ban leaves its appeal to others.
    if (row.is_appeal === 1) {
      const ban = await this.bans.find(row.target_id);
      if (ban?.moderator_id === user.id) throw forbidden();
      // Accepting lifts the ban: only someone who could have lifted it may (sanction-targets.ts).
      const appellant = ban ? await this.repo.user(ban.user_id) : undefined;
      if (appellant && !mayAct(user, appellant)) throw forbidden();
    }
    return row;
  }

  /** Why a conditional take or resolve changed nothing; answers the row when it is mine. */
  private async notHandled(user: UserRow, id: number): Promise<ComplaintRow> {
    const now = await this.repo.find(id);
    if (!now) throw notFound();
    if (now.status === 'taken' && now.assignee_id === user.id) return now;
    if (now.status === 'taken' && now.assignee_id !== null) {
      const other = await this.repo.user(now.assignee_id);
      throw new AppError('validation', {
        errors: { complaint: ['complaint.taken'] },
        params: { nick: other?.nick ?? '—' },
      });
    }
    throw invalid({ complaint: ['complaint.closed'] });
  }

  private async accused(row: ComplaintRow): Promise<Accused> {
    if (row.accused_id === null) return null;
    return (await this.repo.user(row.accused_id)) ?? null;
  }

  // ---- presenting and telling ---------------------------------------------------------------

  /** Who looks at these complaints; a reporter with what they themself said about each. */
  private async viewerOf(user: UserRow, complaintIds: number[]): Promise<ComplaintViewer> {
    if (isStaff(user)) return { user, staff: true, hideModerators: false };
    const [hideModerators, reports] = await Promise.all([
      this.bans.hidesModeratorNames(),
      this.repo.reportsBy(user.id, complaintIds),
    ]);
    return { user, staff: false, hideModerators, reports };
  }

  private async present(row: ComplaintRow, user: UserRow): Promise<ComplaintWire> {
    const users = await this.repo.users([user.id, ...peopleOf(row)]);
    return presentComplaint(row, users, await this.viewerOf(user, [row.id]));
  }
}
