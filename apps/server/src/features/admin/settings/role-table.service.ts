import {
  isPermission,
  lockedCell,
  lockedValue,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  ROLES,
  type AdminPermissions,
  type Permission,
  type Role,
  type RoleTable,
} from '@chat/shared';
import { setRoleTable } from '../../../access/role-table';
import type { Viewer } from '../../../access/viewer';
import { conflict, forbidden, invalid } from '../../../http/app-error';
import type { MessageKey } from '../../../http/messages';
import type { AdminChanges } from '../admin-changes';
import type { SettingsRepository } from './settings.repository';
import { nextVersion } from './versions';

const LOCK_MESSAGES = {
  admin_kept: 'permissions.admin_kept',
  registered_kept: 'permissions.registered_kept',
  guest_never: 'permissions.guest_never',
} as const satisfies Record<string, MessageKey>;

type Rows = Awaited<ReturnType<SettingsRepository['roleRows']>>;

/** The stored rows as a table: a role without a row keeps the code's permissions. */
function tableOf(rows: Rows): RoleTable {
  const stored = new Map(rows.map((r) => [r.role, r.permissions]));
  const table = {} as Record<Role, readonly Permission[]>;
  for (const role of ROLES) {
    const text = stored.get(role);
    const list = text === undefined ? ROLE_PERMISSIONS[role] : (JSON.parse(text) as unknown[]);
    table[role] = PERMISSIONS.filter((p) => list.includes(p));
  }
  return table;
}

/**
 * The editable role → permission table: loaded into the live table the server's checks read
 * (access/role-table.ts) at start and after every change on any node. Locked cells never move
 * (the admin row keeps admin rights, so the last admin cannot lose them), and the admin row is
 * changed only by someone holding `roles.manage`.
 */
export class RoleTableService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly changes: AdminChanges,
  ) {}

  async load(): Promise<void> {
    setRoleTable(tableOf(await this.repo.roleRows()));
  }

  async grid(): Promise<AdminPermissions> {
    const rows = await this.repo.roleRows();
    const table = tableOf(rows);
    const versions = new Map(rows.map((r) => [r.role, r.updated_at]));
    return {
      permissions: [...PERMISSIONS],
      roles: ROLES.map((role) => ({
        role,
        permissions: [...table[role]],
        updated_at: versions.get(role) ?? '',
      })),
      locked: ROLES.flatMap((role) =>
        PERMISSIONS.flatMap((permission) => {
          const reason = lockedCell(role, permission);
          return reason ? [{ role, permission, reason }] : [];
        }),
      ),
    };
  }

  async update(
    viewer: Viewer,
    role: Role,
    input: readonly string[],
    seen: string,
  ): Promise<AdminPermissions> {
    if (role === 'admin' && !viewer.can('roles.manage')) throw forbidden('permissions.admin_row');
    if (!input.every(isPermission)) throw invalid({ permissions: ['invalid_value'] });
    const wanted = PERMISSIONS.filter((p) => input.includes(p));
    for (const permission of PERMISSIONS) {
      const reason = lockedCell(role, permission);
      if (reason && wanted.includes(permission) !== lockedValue(role, permission))
        throw invalid({ permissions: [LOCK_MESSAGES[reason]] });
    }
    await this.changes.change(viewer, 'permissions', async (tx) => {
      const before = tableOf(await this.repo.roleRows(tx.db))[role];
      if (!(await this.repo.putRole(tx.db, role, wanted, seen, nextVersion(seen))))
        throw conflict();
      return {
        action: 'roles.update',
        subjectType: 'role',
        subjectId: role,
        before: { permissions: before },
        after: { permissions: wanted },
        result: null,
      };
    });
    await this.load();
    return this.grid();
  }
}
