import type { ComplaintComment } from '@chat/shared';
import type { ComplaintRow, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import type { BansRepository } from './bans.repository';
import { isStaff, peopleOf, presentComplaint } from './complaints.presenter';
import type { ComplaintsRepository } from './complaints.repository';

/**
 * What a complaint's people hear live (`complaint.updated`, `complaint.comment`): each gets it
 * as they may see it, a reporter never another reporter's words nor, when the site hides them,
 * a moderator's name.
 */
export class ComplaintNews {
  constructor(
    private readonly repo: ComplaintsRepository,
    private readonly bans: BansRepository,
    private readonly events: DomainEvents,
  ) {}

  /** A new comment to each recipient, a staff author's name hidden from reporters if need be. */
  async comment(
    complaintId: number,
    comment: ComplaintComment,
    recipients: ReadonlySet<number>,
  ): Promise<void> {
    const hidden =
      comment.staff && (await this.bans.hidesModeratorNames())
        ? { ...comment, author: null }
        : null;
    const readers = hidden ? await this.repo.users(recipients) : new Map<number, UserRow>();
    const staffSide: number[] = [];
    const reporterSide: number[] = [];
    for (const id of recipients) {
      const reader = readers.get(id);
      (hidden && !(reader && isStaff(reader)) ? reporterSide : staffSide).push(id);
    }
    if (staffSide.length > 0)
      this.events.emit('complaint.comment', { complaintId, comment, recipients: staffSide });
    if (hidden && reporterSide.length > 0)
      this.events.emit('complaint.comment', {
        complaintId,
        comment: hidden,
        recipients: reporterSide,
      });
  }

  /** Each reporter and the assignee get the complaint as they may see it. */
  async updated(row: ComplaintRow): Promise<void> {
    const reports = await this.repo.reportsIn(row.id);
    const ids = new Set(reports.keys());
    if (row.assignee_id !== null) ids.add(row.assignee_id);
    const users = await this.repo.users([...ids, ...peopleOf(row)]);
    const hideModerators = await this.bans.hidesModeratorNames();
    for (const id of ids) {
      const user = users.get(id);
      if (!user) continue;
      const staff = isStaff(user);
      this.events.emit('complaint.updated', {
        complaint: presentComplaint(row, users, {
          user,
          staff,
          hideModerators: !staff && hideModerators,
          reports: new Map(reports.has(id) ? [[row.id, reports.get(id)!]] : []),
        }),
        recipients: [id],
      });
    }
  }
}
