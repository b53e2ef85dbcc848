import { isSelf, type Viewer } from './viewer';

/** Filing a complaint (guests too: a gagged guest must be able to appeal). */
export function canFile(viewer: Viewer): boolean {
  return viewer.can('complaint.create');
}

/** The complaints queue: taking, answering and resolving complaints, answering appeals. */
export function canHandle(viewer: Viewer): boolean {
  return viewer.can('complaint.handle');
}

/** A complaint is seen by those who handle complaints and by the people who reported it. */
export function canSee(viewer: Viewer, complaint: { reporter: boolean }): boolean {
  return canHandle(viewer) || complaint.reporter;
}

/** An appeal is about the appellant's own ban only. */
export function canAppeal(viewer: Viewer, ban: { user_id: number }): boolean {
  return isSelf(viewer, ban.user_id);
}

/** Listing the open and closed complaints, taking one, resolving it. */
export type ComplaintAction = 'list_all' | 'take' | 'resolve';

export function can(viewer: Viewer, action: ComplaintAction): boolean {
  switch (action) {
    case 'list_all':
    case 'take':
    case 'resolve':
      return canHandle(viewer);
  }
}
