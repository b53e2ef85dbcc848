import type { ModuleContext } from '../../../platform/feature-module';
import type { AdminChanges } from '../admin-changes';
import { PagesAdminRepository } from './pages-admin.repository';
import { pagesAdminRoutes } from './pages-admin.routes';
import { PagesAdminService } from './pages-admin.service';
import { ReleasesRepository } from './releases.repository';
import { releasesRoutes } from './releases.routes';
import { ReleasesService } from './releases.service';

/** Static pages with the agreement's versions, and app releases (issue 23 points 2 and 3). */
export function registerAdminPages(ctx: ModuleContext, changes: AdminChanges): void {
  const { database, storage } = ctx.platform;
  const pages = new PagesAdminService(new PagesAdminRepository(database.db), changes);
  const releases = new ReleasesService(new ReleasesRepository(database.db), changes);
  ctx.use('admin').pages = { pages, releases };
  ctx.routes(pagesAdminRoutes(pages), releasesRoutes(releases, storage));
}
