import type { Permission } from '@chat/shared';

/** The grid's rows grouped by area: the part of the permission's name before the first dot. */
export function groupPermissions(permissions: readonly Permission[]): [string, Permission[]][] {
  const groups = new Map<string, Permission[]>();
  for (const permission of permissions) {
    const area = permission.split('.')[0]!;
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  return [...groups];
}
