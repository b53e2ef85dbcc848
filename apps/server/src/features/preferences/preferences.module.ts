import { featureModule } from '../../platform/feature-module';
import { PreferencesRepository } from './preferences.repository';
import { preferencesRoutes } from './preferences.routes';
import { PreferencesService } from './preferences.service';

/**
 * Preferences: the chat settings and who may write privately, the preferences' columns of the
 * users row (db/user-columns.ts). The profile form (features/my) sets `im_privacy` through
 * this module's service.
 */
export const preferencesModule = featureModule({
  name: 'preferences',
  register(ctx) {
    const { database } = ctx.platform;
    ctx.provide({ preferences: new PreferencesService(new PreferencesRepository(database.db)) });
    ctx.routes(preferencesRoutes);
  },
});
