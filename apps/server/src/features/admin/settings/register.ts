import type { ModuleContext } from '../../../platform/feature-module';
import { onCatalogChanged } from '../../../lib/cache/catalog-changes';
import type { AdminChanges } from '../admin-changes';
import { RoleTableService } from './role-table.service';
import { SettingsRepository } from './settings.repository';
import { settingsRoutes } from './settings.routes';
import { SettingsService } from './settings.service';

/** The admin area's settings and permission table: their routes and services (issue 23). */
export function registerAdminSettings(ctx: ModuleContext, changes: AdminChanges): void {
  const { database, cacheBus, log } = ctx.platform;
  const repo = new SettingsRepository(database.db);
  const settings = new SettingsService(repo, changes);
  const roles = new RoleTableService(repo, changes);
  // Another node's change (or a resync): read again what this node holds in memory.
  const reload = (what: { load(): Promise<void> }) => () =>
    void what.load().catch((error: unknown) => log.error({ err: error }, 'reload failed'));
  onCatalogChanged(cacheBus, 'settings', reload(settings));
  onCatalogChanged(cacheBus, 'permissions', reload(roles));
  ctx.routes(settingsRoutes(settings, roles));
}
