import type { AssignableRole, PublicUser } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { forbidden, invalid, notFound } from '../../http/app-error';
import { hasPermission, presentPublicUser } from '../users/user.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { ModerationLogRepository } from './moderation-log.repository';
import type { AccountsRepository } from '../auth/accounts.repository';
import { isRegistered } from '../../access/permissions';
import { outranksPerson } from '../../access/rank';
import { viewerOf } from '../../access/viewer';

/** Tries before giving up when other admins keep changing the same person at the same moment. */
const ATTEMPTS = 3;

/**
 * An admin makes a user a moderator or an admin and back (`roles.manage`). Sanctions are left as
 * they are: a sanctioned person may be made staff, the ban or gag runs its course.
 */
export class RolesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    /** The role is the account's (db/user-columns.ts): written by its repository. */
    private readonly roles: Pick<AccountsRepository, 'changeRole'>,
    private readonly log: ModerationLogRepository,
    private readonly events: DomainEvents,
  ) {}

  async change(actor: UserRow, targetId: number, role: AssignableRole): Promise<PublicUser> {
    if (!hasPermission(actor, 'roles.manage')) throw forbidden();
    // Nobody changes their own role: an admin cannot lock the site out of its last admin.
    if (targetId === actor.id) throw forbidden('role.self');
    const viewer = viewerOf(actor);
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const target = await this.users.findById(targetId);
      if (!target || target.deleted_at !== null) throw notFound();
      if (!isRegistered(target)) throw invalid({ role: ['role.guest'] });
      // An equal (another admin) only when the permission table says so.
      if (!outranksPerson(viewer, target) && !viewer.can('roles.manage_admins'))
        throw forbidden('role.equal');
      if (target.role === role) return presentPublicUser(target);
      const from = target.role;
      const saved = await this.db.transaction().execute(async (trx) => {
        const row = await this.roles.changeRole(trx, targetId, from, role);
        if (row) {
          await this.log.record(
            {
              actorId: actor.id,
              action: 'role.change',
              targetUserId: targetId,
              data: { from, to: role },
            },
            trx,
          );
        }
        return row;
      });
      if (saved) {
        const user = presentPublicUser(saved);
        this.events.emit('user.updated', { user });
        this.events.emit('user.roles', { userId: saved.id, roles: user.roles });
        return presentPublicUser(saved);
      }
    }
    // Still moving after every try: report the state as it is now.
    const now = await this.users.findById(targetId);
    if (!now || now.deleted_at !== null) throw notFound();
    return presentPublicUser(now);
  }
}
