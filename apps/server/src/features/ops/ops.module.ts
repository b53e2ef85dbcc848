import { featureModule } from '../../platform/feature-module';
import { opsRealtime } from './ops.realtime';
import { opsRoutes } from './ops.routes';

/** /healthz, /metrics and the new build's announcement. */
export const opsModule = featureModule({
  name: 'ops',
  register(ctx) {
    ctx.realtime(opsRealtime);
    ctx.routes(opsRoutes);
  },
});
