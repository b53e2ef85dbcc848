import { featureModule } from '../../platform/feature-module';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { RecentSmileys } from './recent-smileys';
import { RecentSmileysRepository } from './recent-smileys.repository';

/** Fonts and smileys, and each account's recently sent smileys. */
export const catalogModule = featureModule({
  name: 'catalog',
  register(ctx) {
    const { database, events, log } = ctx.platform;
    const catalog = new CatalogService(
      new CatalogRepository(database.db),
      (file) => `/assets/static/smileys/${file}`,
    );
    const recentSmileys = new RecentSmileys(new RecentSmileysRepository(database.db), catalog, log);
    recentSmileys.listenTo(events);
    // The uses waiting for their batch are written while the database is still open.
    ctx.onStop(() => recentSmileys.flush());
    ctx.provide({ catalog, recentSmileys });
  },
});
