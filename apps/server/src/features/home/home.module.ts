import { featureModule } from '../../platform/feature-module';
import { HomeRepository } from './home.repository';
import { homeRoutes } from './home.routes';
import { HomeService } from './home.service';

/** The home page's overview (GET /api/home): people online, the busiest public rooms. */
export const homeModule = featureModule({
  name: 'home',
  register(ctx) {
    ctx.provide({
      home: new HomeService(
        new HomeRepository(ctx.platform.database.db),
        ctx.use('roomsRepository'),
        ctx.use('profilesRepository'),
      ),
    });
    ctx.routes(homeRoutes);
  },
});
