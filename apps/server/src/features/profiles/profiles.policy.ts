import type { UserRow } from '../../db/schema';
import { hasPermission } from '../users/user.presenter';

/** Who may see what on profiles: the one place these rules live. */
export type ProfileAction =
  { action: 'profile.see_invisible' } | { action: 'profile.see_refused_photos'; owner: UserRow };

export function can(viewer: UserRow | null, check: ProfileAction): boolean {
  switch (check.action) {
    // Invisible people are shown only to admins (spec section 5) and to themselves.
    case 'profile.see_invisible':
      return viewer !== null && hasPermission(viewer, 'user.invisible.view');
    // Refused content (photos, the about text) and its moderation state: the owner sees it (to
    // edit, delete or ask it back), and so do those who judge it.
    case 'profile.see_refused_photos':
      return (
        viewer !== null &&
        (viewer.id === check.owner.id || hasPermission(viewer, 'content.moderate'))
      );
  }
}
