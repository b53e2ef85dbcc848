import type { ExpressionBuilder } from 'kysely';
import type { DB, UserRow } from '../db/schema';
import { hasPermission, rolesLacking } from './permissions';
import { isSelf, type Viewer } from './viewer';

/** Whom a complaint accuses (for an appeal: the appellant), as far as handling it asks. */
export type Accused = Pick<UserRow, 'id' | 'role'> | null;

/** Filing a complaint (guests too: a gagged guest must be able to appeal). */
export function canFile(viewer: Viewer): boolean {
  return viewer.can('complaint.create');
}

/** The complaints queue: taking, answering and resolving complaints, answering appeals. */
export function canHandle(viewer: Viewer): boolean {
  return viewer.can('complaint.handle');
}

/**
 * Whether the viewer may handle this complaint (see it as staff, take it, resolve it). The
 * accused never does: nobody judges themself or learns who reported them; a complaint about
 * staff (someone who handles complaints) goes to `complaint.handle_staff` (the admins) only, so
 * moderators neither handle nor see complaints about each other or their betters.
 */
export function canHandleAbout(viewer: Viewer, accused: Accused): boolean {
  if (!canHandle(viewer)) return false;
  if (accused === null) return true;
  if (isSelf(viewer, accused.id)) return false;
  return !hasPermission(accused, 'complaint.handle') || viewer.can('complaint.handle_staff');
}

/**
 * A complaint is seen by those who may handle it and by the people who reported it (a reporter
 * sees only the reporter's view of it: complaints.presenter.ts).
 */
export function canSee(
  viewer: Viewer,
  complaint: { reporter: boolean; accused: Accused },
): boolean {
  return canHandleAbout(viewer, complaint.accused) || complaint.reporter;
}

/** An appeal is about the appellant's own ban only. */
export function canAppeal(viewer: Viewer, ban: { user_id: number }): boolean {
  return isSelf(viewer, ban.user_id);
}

/** Listing the open and closed complaints, taking one, resolving it. */
export type ComplaintAction = 'list_all' | 'take' | 'resolve';

export function can(viewer: Viewer, action: ComplaintAction, accused: Accused = null): boolean {
  switch (action) {
    case 'list_all':
      return canHandle(viewer);
    case 'take':
    case 'resolve':
      return canHandleAbout(viewer, accused);
  }
}

/**
 * The queue's and the closed list's complaints a handler is shown, in SQL (canHandleAbout):
 * never one accusing the viewer, and one accusing staff only to `complaint.handle_staff`.
 */
export function listedFor(viewer: Viewer) {
  const viewerId = viewer.id ?? 0;
  const staffToo = viewer.can('complaint.handle_staff');
  return (eb: ExpressionBuilder<DB, 'complaints'>) => {
    const notAboutMe = eb.or([
      eb('complaints.accused_id', 'is', null),
      eb('complaints.accused_id', '!=', viewerId),
    ]);
    if (staffToo) return notAboutMe;
    return eb.and([
      notAboutMe,
      eb.not(
        eb.exists(
          eb
            .selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', 'complaints.accused_id')
            .where('users.role', 'not in', rolesLacking('complaint.handle')),
        ),
      ),
    ]);
  };
}
