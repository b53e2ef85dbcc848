import { onCatalogChanged } from '../../lib/cache/catalog-changes';
import { featureModule } from '../../platform/feature-module';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { RecentSmileys } from './recent-smileys';
import { RecentSmileysRepository } from './recent-smileys.repository';

/** Fonts and smileys, and each account's recently sent smileys. */
export const catalogModule = featureModule({
  name: 'catalog',
  register(ctx) {
    const { database, events, log, cacheBus } = ctx.platform;
    const catalog = new CatalogService(
      new CatalogRepository(database.db),
      // An admin's upload is stored with its /storage/… URL (features/admin/catalog).
      (file) => (file.startsWith('/') ? file : `/assets/static/smileys/${file}`),
    );
    const recentSmileys = new RecentSmileys(new RecentSmileysRepository(database.db), catalog, log);
    recentSmileys.listenTo(events);
    // The uses waiting for their batch are written while the database is still open.
    ctx.onStop(() => recentSmileys.flush());
    // An admin's new smiley or font reaches every node's catalogue at once.
    onCatalogChanged(cacheBus, 'smileys', () => catalog.invalidate());
    onCatalogChanged(cacheBus, 'fonts', () => catalog.invalidate());
    ctx.provide({ catalog, recentSmileys });
  },
});
