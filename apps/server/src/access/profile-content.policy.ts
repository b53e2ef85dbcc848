import type { ExpressionBuilder } from 'kysely';
import type { DB, ProfilePhotoRow, UserRow } from '../db/schema';
import { REGISTERED_PERMISSION, rolesLacking } from './permissions';
import { isSelf, type Viewer } from './viewer';

/**
 * Profile content (the about text, photos, being in the lists): who sees what. Refused content
 * and its moderation state are for the owner (to edit, delete or ask it back) and those who
 * judge it.
 */
export function canSeeRefused(viewer: Viewer, owner: Pick<UserRow, 'id'>): boolean {
  return isSelf(viewer, owner.id) || viewer.can('content.moderate');
}

/** Invisible people are shown only to admins (spec section 5; `user.invisible.view`). */
export function canSeeInvisible(viewer: Viewer): boolean {
  return viewer.can('user.invisible.view');
}

/**
 * Moderation statuses that hide a piece from everyone but its owner and the staff: refused, and
 * refused then edited or asked back (`updated`, waiting for a moderator again).
 */
export const HIDDEN_STATUSES = ['refused', 'updated'] as const;

const hidden = (status: string): boolean => (HIDDEN_STATUSES as readonly string[]).includes(status);

/** A photo: anyone sees it unless it is hidden (refused, or `updated` after a refusal). */
export function canSee(
  viewer: Viewer,
  photo: Pick<ProfilePhotoRow, 'status' | 'user_id'>,
): boolean {
  return !hidden(photo.status) || canSeeRefused(viewer, { id: photo.user_id });
}

/** The "about" text: anyone reads it unless it is hidden as a refused photo is. */
export function canSeeAbout(viewer: Viewer, owner: Pick<UserRow, 'id' | 'about_status'>): boolean {
  return !hidden(owner.about_status) || canSeeRefused(viewer, owner);
}

/** Judging profile texts and photos (the content review queue). */
export function can(viewer: Viewer, action: 'moderate'): boolean {
  switch (action) {
    case 'moderate':
      return viewer.can('content.moderate');
  }
}

/** Registered people only, in SQL (the "new people" list leaves guests out). */
export function registeredPeople() {
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    eb('users.role', 'not in', rolesLacking(REGISTERED_PERMISSION));
}
