import { ROLES, roleRank } from '@chat/shared';
import type { UserRow } from '../db/schema';
import { outranksPerson } from './rank';
import type { Viewer } from './viewer';

/**
 * The content review queue (profile texts and photos, features/moderation): who judges whose.
 * Nobody judges their own content, and staff content is judged only by someone above them
 * (access/rank.ts), as appeals and sanctions already are (issue 19, points 7 and 8).
 */
export function canJudge(viewer: Viewer, owner: Pick<UserRow, 'id' | 'role'>): boolean {
  return viewer.can('content.moderate') && outranksPerson(viewer, owner);
}

/**
 * The queue a judge is shown, for its SQL: the pieces of people they outrank, never their own
 * (nor an equal's or a better's, which they could not decide). The repository applies it to
 * the review's owner row.
 */
export function listedFor(viewer: Viewer): { exceptOwnerId: number; ownerRoles: string[] } {
  const rank = roleRank(viewer.roles);
  const ownerRoles = ROLES.filter((role) => roleRank([role]) < rank);
  return { exceptOwnerId: viewer.id ?? 0, ownerRoles };
}
