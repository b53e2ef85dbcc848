import { outranks } from '@chat/shared';
import type { UserRow } from '../db/schema';
import { rolesOf } from './permissions';
import { isSelf, type Viewer } from './viewer';

/**
 * Rank, the one rule every staff action on someone else's things asks (issue 19, point 8):
 * sanctions, deleting a room message for everyone, judging profile texts and photos, removing a
 * gift's text, handling a complaint. A moderator acts on guests and users, an admin also on
 * moderators; nobody on their equals or betters, nobody on themself.
 */
export function outranksPerson(
  viewer: Pick<Viewer, 'id' | 'roles'>,
  person: Pick<UserRow, 'id' | 'role'>,
): boolean {
  return !isSelf(viewer, person.id) && outranks(viewer.roles, rolesOf(person));
}
