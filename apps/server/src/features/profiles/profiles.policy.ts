import type { UserRow } from '../../db/schema';
import { permissionsOf } from '../users/user.presenter';

/** Who may see what on profiles: the one place these rules live. */
export type ProfileAction =
  { action: 'profile.see_invisible' } | { action: 'profile.see_refused_photos'; owner: UserRow };

export function can(viewer: UserRow | null, check: ProfileAction): boolean {
  switch (check.action) {
    // Invisible people are shown only to admins (spec section 5) and to themselves.
    case 'profile.see_invisible':
      return viewer !== null && permissionsOf(viewer).includes('user.invisible.view');
    // A refused photo stays in its owner's gallery (to delete it) and nobody else's.
    case 'profile.see_refused_photos':
      return viewer !== null && viewer.id === check.owner.id;
  }
}
