import { featureModule } from '../../platform/feature-module';
import { initRoutes } from './init.routes';

/** GET /api/init: what a page load needs, from the services of the other modules. */
export const initModule = featureModule({
  name: 'init',
  register(ctx) {
    ctx.routes(initRoutes);
  },
});
