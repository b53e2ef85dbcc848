import { featureModule } from '../../platform/feature-module';
import { PagesRepository } from './pages.repository';
import { pagesRoutes } from './pages.routes';
import { PagesService } from './pages.service';

/** Static pages (privacy, agreement) by slug and locale. */
export const pagesModule = featureModule({
  name: 'pages',
  register(ctx) {
    ctx.provide({ pages: new PagesService(new PagesRepository(ctx.platform.database.db)) });
    ctx.routes(pagesRoutes);
  },
});
