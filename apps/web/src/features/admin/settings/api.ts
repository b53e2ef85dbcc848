import type { AdminPermissions, AdminSettings, Role, SettingValue } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under `['admin', part]`: a `CatalogUpdated` of settings or permissions reads them again. */
export const adminSettingsKeys = {
  settings: ['admin', 'settings'] as const,
  permissions: ['admin', 'permissions'] as const,
};

export function adminSettingsQuery() {
  return queryOptions({
    queryKey: adminSettingsKeys.settings,
    queryFn: async ({ signal }) =>
      (await api.get<AdminSettings>('/api/admin/settings', { signal })).data,
  });
}

/** `PUT /api/admin/settings`: the changed values and the version read; 422 errors per field. */
export async function saveSettings(
  settings: Record<string, SettingValue>,
  updatedAt: string,
): Promise<AdminSettings> {
  return (
    await api.json<AdminSettings>('/api/admin/settings', {
      method: 'PUT',
      body: { settings, updated_at: updatedAt },
      handlesValidation: true,
    })
  ).data;
}

export function adminPermissionsQuery() {
  return queryOptions({
    queryKey: adminSettingsKeys.permissions,
    queryFn: async ({ signal }) =>
      (await api.get<AdminPermissions>('/api/admin/permissions', { signal })).data,
  });
}

export async function saveRole(
  role: Role,
  permissions: readonly string[],
  updatedAt: string,
): Promise<AdminPermissions> {
  return (
    await api.json<AdminPermissions>(`/api/admin/roles/${role}`, {
      method: 'PUT',
      body: { permissions, updated_at: updatedAt },
    })
  ).data;
}
