import type { ComplaintComment, ComplaintWire, PublicUser } from '@chat/shared';
import type { ComplaintCommentRow, ComplaintRow, UserRow } from '../../db/schema';
import { canHandle } from '../../access/complaint.policy';
import { viewerOf } from '../../access/viewer';
import { presentPublicUser } from '../users/user.presenter';
import type { Report } from './complaints.repository';
import { parseEvidence } from './evidence';

/** Who looks at a complaint: staff see everything; a reporter sees only themself as reporter. */
export interface ComplaintViewer {
  user: UserRow;
  staff: boolean;
  /** The site hides moderators' names from the people they judge (a site setting). */
  hideModerators: boolean;
  /** A reporter's own reason and words, by complaint (merged reporters said their own). */
  reports?: ReadonlyMap<number, Report>;
}

export const isStaff = (user: Pick<UserRow, 'id' | 'role'>): boolean => canHandle(viewerOf(user));

/** A person who is gone from the users table still shows as someone (rows are never deleted). */
function person(users: ReadonlyMap<number, UserRow>, id: number | null): PublicUser | null {
  if (id === null) return null;
  const user = users.get(id);
  return user ? presentPublicUser(user) : null;
}

export function presentComplaint(
  row: ComplaintRow,
  users: ReadonlyMap<number, UserRow>,
  viewer: ComplaintViewer,
): ComplaintWire {
  // Reporters never learn who else reported the same thing: to them, they are the reporter.
  const reporter = viewer.staff
    ? (person(users, row.reporter_id) ?? presentPublicUser(viewer.user))
    : presentPublicUser(viewer.user);
  const own = viewer.staff ? undefined : viewer.reports?.get(row.id);
  return {
    id: row.id,
    target_type: row.target_type as ComplaintWire['target_type'],
    target_id: row.target_id,
    is_appeal: row.is_appeal === 1,
    reason: own?.reason ?? row.reason,
    text: own ? own.text : viewer.staff || row.reporter_id === viewer.user.id ? row.text : null,
    status: row.status,
    reporter,
    reports_count: row.reports_count,
    accused: person(users, row.accused_id),
    assignee: viewer.hideModerators ? null : person(users, row.assignee_id),
    resolver: viewer.hideModerators ? null : person(users, row.resolver_id),
    resolution: row.resolution,
    evidence: parseEvidence(row.evidence),
    created_at: row.created_at,
    updated_at: row.updated_at,
    resolved_at: row.resolved_at,
  };
}

/**
 * A comment of a complaint's thread. `hideStaff`: the reader is a reporter on a site that hides
 * moderators' names, so a staff author shows as "a moderator" only (the `staff` flag).
 */
export function presentComment(
  row: ComplaintCommentRow,
  users: ReadonlyMap<number, UserRow>,
  hideStaff = false,
): ComplaintComment | null {
  const author = users.get(row.author_id);
  if (!author) return null;
  const staff = isStaff(author);
  return {
    id: row.id,
    author: staff && hideStaff ? null : presentPublicUser(author),
    staff,
    text: row.text,
    created_at: row.created_at,
  };
}

/** The people a complaint names (reporter, accused, assignee, resolver), for one lookup. */
export function peopleOf(row: ComplaintRow): number[] {
  return [row.reporter_id, row.accused_id, row.assignee_id, row.resolver_id].filter(
    (id): id is number => id !== null,
  );
}
