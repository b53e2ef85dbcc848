import { featureModule } from '../../platform/feature-module';
import { myIdentityRoutes } from './my-identity.routes';
import { myProfileRoutes } from './my-profile.routes';
import { MyRepository } from './my.repository';
import { createMyServices } from './my.services';
import { ProviderAvatarJob } from './provider-avatar.job';

/** /api/my/*: the caller's own profile, photos, avatar, nick style, frame, password, account. */
export const myModule = featureModule({
  name: 'my',
  register(ctx) {
    const { config, database, events, log, rateLimits, storage } = ctx.platform;
    const my = createMyServices(
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
    );
    ctx.provide({ my });
    // The picture of a site someone signed up with (features/auth/social) becomes the avatar.
    const providerOrigins = config.social.providers.flatMap((p) =>
      p.issuer ? [new URL(p.issuer).origin] : [],
    );
    ctx.jobs.register(
      'avatar.from_provider',
      new ProviderAvatarJob(my.avatar, new Set(providerOrigins), log),
    );
    ctx.routes(myProfileRoutes, myIdentityRoutes);
  },
});
