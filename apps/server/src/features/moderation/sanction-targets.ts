import { outranks } from '@chat/shared';
import type { UserRow } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../http/app-error';
import { rolesOf } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';

/**
 * Whom a moderator may act on (ban, gag, warn, mark a troll): somebody else, who exists, and
 * whom the actor outranks (a moderator acts on guests and users, an admin also on moderators).
 * `from` says where the id came from: a body field is named in a 422, a path is a 404.
 */
export async function sanctionTarget(
  users: UsersRepository,
  actor: UserRow,
  userId: number,
  from: 'body' | 'path',
): Promise<UserRow> {
  if (userId === actor.id) throw forbidden('moderation.self');
  const target = await users.findById(userId);
  if (!target || target.deleted_at !== null) {
    if (from === 'path') throw notFound();
    throw invalid({ user_id: ['moderation.user_invalid'] });
  }
  if (!mayAct(actor, target)) throw forbidden('moderation.outranked');
  return target;
}

export function mayAct(actor: UserRow, target: UserRow): boolean {
  return actor.id !== target.id && outranks(rolesOf(actor), rolesOf(target));
}
