import type { ComplaintComment, ComplaintWire, PublicUser } from '@chat/shared';
import type { ComplaintCommentRow, ComplaintRow, UserRow } from '../../db/schema';
import { canHandle, canHandleAbout, type Accused } from '../../access/complaint.policy';
import { viewerOf } from '../../access/viewer';
import { presentPublicUser } from '../users/user.presenter';
import type { Report } from './complaints.repository';
import { evidenceFor, withholdsAuthor } from './evidence';

/**
 * Who looks at a complaint: those who may handle it see everything; a reporter sees only
 * themself as reporter, and the evidence as they saw it.
 */
export interface ComplaintViewer {
  user: UserRow;
  /** Handles complaints; each complaint still asks whether they may handle that one. */
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

/** Whom the complaint accuses, from the people looked up for it (peopleOf includes them). */
export function accusedOf(row: ComplaintRow, users: ReadonlyMap<number, UserRow>): Accused {
  return row.accused_id === null ? null : (users.get(row.accused_id) ?? null);
}

export function presentComplaint(
  row: ComplaintRow,
  users: ReadonlyMap<number, UserRow>,
  asker: ComplaintViewer,
): ComplaintWire {
  // Staff who may not handle this one (it accuses them, or staff) read it as a reporter would.
  const staff = asker.staff && canHandleAbout(viewerOf(asker.user), accusedOf(row, users));
  const viewer = { ...asker, staff };
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
    // An anonymous gift's sender stays unknown to a reporter who could not see it.
    accused: !staff && withholdsAuthor(row.evidence) ? null : person(users, row.accused_id),
    assignee: viewer.hideModerators ? null : person(users, row.assignee_id),
    resolver: viewer.hideModerators ? null : person(users, row.resolver_id),
    resolution: row.resolution,
    evidence: evidenceFor(row.evidence, staff),
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
