import { featureModule } from '../../platform/feature-module';
import { AdminChanges } from './admin-changes';
import { AdminLogRepository } from './admin-log.repository';
import { adminLogRoutes } from './admin-log.routes';
import { adminRealtime } from './admin.realtime';
import { AdminServices } from './admin.services';
import { registerAdminSettings } from './settings/register';
import { registerAdminCatalog } from './catalog/register';
import { registerAdminMedia } from './media/register';
import { registerAdminGifts } from './gifts/register';
import { registerAdminPages } from './pages/register';

/**
 * The admin area (issue 23): running the site from the browser. Every route needs
 * `admin.access` and its page's own permission (`config.permissions`); every change goes
 * through AdminChanges (one admin-log row, then `CatalogUpdated` and the caches' word).
 * Registered after every feature whose catalogues and settings it edits.
 */
export const adminModule = featureModule({
  name: 'admin',
  register(ctx) {
    const { database, units, cacheBus } = ctx.platform;
    const log = new AdminLogRepository(database.db);
    const changes = new AdminChanges(units, log, cacheBus);
    ctx.provide({ admin: new AdminServices(changes, log) });
    ctx.realtime(adminRealtime);
    ctx.routes(adminLogRoutes);
    registerAdminSettings(ctx, changes);
    registerAdminCatalog(ctx, changes);
    registerAdminMedia(ctx, changes);
    registerAdminGifts(ctx, changes);
    registerAdminPages(ctx, changes);
  },
});
