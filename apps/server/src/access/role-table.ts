import { ROLE_PERMISSIONS, type RoleTable } from '@chat/shared';

/**
 * The live role → permission table every server check reads (permissions.ts). The code's table
 * until the admin area loads `role_permissions` at start, and again after each change on any
 * node (features/admin/settings/role-table.service.ts). One process serves one site, so the
 * table is the process's: checks stay synchronous.
 */
let live: RoleTable = ROLE_PERMISSIONS;

export function roleTable(): RoleTable {
  return live;
}

export function setRoleTable(table: RoleTable): void {
  live = table;
}
