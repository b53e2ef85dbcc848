import { featureModule } from '../../platform/feature-module';
import { myIdentityRoutes } from './my-identity.routes';
import { myProfileRoutes } from './my-profile.routes';
import { MyRepository } from './my.repository';
import { createMyServices } from './my.services';

/** /api/my/*: the caller's own profile, photos, avatar, nick style, frame, password, account. */
export const myModule = featureModule({
  name: 'my',
  register(ctx) {
    const { config, database, events, rateLimits, storage } = ctx.platform;
    ctx.provide({
      my: createMyServices(
        new MyRepository(database.db),
        ctx.use('profilesRepository'),
        storage,
        ctx.use('social'),
        events,
        {
          rateLimits,
          // The same budget as signing in, per account: the current password is asked here too.
          rule: { name: 'password-check', points: config.rateLimits.login, durationSeconds: 600 },
        },
        // Content moderation's hooks, run inside the profile's writes.
        ctx.use('contentSubmissions'),
        // A new phone waits for its code (features/auth).
        ctx.use('phones'),
        // The account's and the preferences' columns of the form (db/user-columns.ts).
        { accounts: ctx.use('accounts'), preferences: ctx.use('preferences') },
      ),
    });
    ctx.routes(myProfileRoutes, myIdentityRoutes);
  },
});
