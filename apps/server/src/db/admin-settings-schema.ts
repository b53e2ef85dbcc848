/** The admin area's settings tables (migration 0027-site-settings-permissions); part of `DB` in schema.ts. */
export interface SettingsAdminTables {
  role_permissions: RolePermissionsTable;
}

/**
 * The role → permission table an admin edits (features/admin/settings): one row per role, its
 * permissions as a JSON array; seeded from the code's ROLE_PERMISSIONS, which stays the default.
 */
export interface RolePermissionsTable {
  role: string;
  permissions: string;
  /** ISO time of the last change: the version a PUT sends back (409 when it moved). */
  updated_at: string;
}
