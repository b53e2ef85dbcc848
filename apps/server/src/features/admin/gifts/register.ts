import type { ModuleContext } from '../../../platform/feature-module';
import type { AdminChanges } from '../admin-changes';
import { AdminGiftsRepository } from './admin-gifts.repository';
import { adminGiftsRoutes } from './admin-gifts.routes';
import { AdminGiftsService } from './admin-gifts.service';
import { DashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { DashboardService } from './dashboard.service';
import { GiftStatisticsRepository } from './gift-statistics.repository';
import { GiftStatisticsService } from './gift-statistics.service';

/**
 * The admin area's gifts (catalogue and statistics) and its dashboard (issue 23). The gift
 * catalogue has no server cache to drop: the shop reads it from the database each time, and
 * open gift dialogs read it again on `CatalogUpdated {part: 'gifts'}`.
 */
export function registerAdminGifts(ctx: ModuleContext, changes: AdminChanges): void {
  const { db, dialect } = ctx.platform.database;
  const users = ctx.use('users');
  const gifts = new AdminGiftsService(new AdminGiftsRepository(db), changes);
  const statistics = new GiftStatisticsService(new GiftStatisticsRepository(db, dialect), {
    findUsers: (ids) => users.findMany(ids),
  });
  ctx.routes(
    adminGiftsRoutes(gifts, statistics),
    dashboardRoutes(new DashboardService(new DashboardRepository(db, dialect))),
  );
}
