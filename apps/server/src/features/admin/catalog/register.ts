import type { ModuleContext } from '../../../platform/feature-module';
import type { AdminChanges } from '../admin-changes';
import { AdminFontsRepository } from './fonts.repository';
import { adminFontsRoutes } from './fonts.routes';
import { AdminFontsService } from './fonts.service';
import { AdminSmileysRepository } from './smileys.repository';
import { adminSmileysRoutes } from './smileys.routes';
import { AdminSmileysService } from './smileys.service';

/** The admin area's smileys and fonts (issue 23): their routes and services. */
export function registerAdminCatalog(ctx: ModuleContext, changes: AdminChanges): void {
  const { database, storage } = ctx.platform;
  const smileys = new AdminSmileysService(
    new AdminSmileysRepository(database.db),
    changes,
    storage,
  );
  const fonts = new AdminFontsService(new AdminFontsRepository(database.db), changes, storage);
  ctx.routes(adminSmileysRoutes(smileys), adminFontsRoutes(fonts));
}
