import { featureModule } from '../../platform/feature-module';
import { ProfilesRepository } from './profiles.repository';
import { profilesRoutes } from './profiles.routes';
import { ProfilesService } from './profiles.service';
import type { SocialPorts } from './social-ports';
import { trackVisits } from './statistics-listeners';

/**
 * Profile pages, the profiles lists, the frames catalogue and the visit statistics; the social
 * ports that profiles and my use (moderation plugs in later, and its violations with it).
 */
export const profilesModule = featureModule({
  name: 'profiles',
  register(ctx) {
    const { database, events } = ctx.platform;
    const friends = ctx.use('friends');
    const notifications = ctx.use('notifications');
    const sessions = ctx.use('sessionsService');
    const moderation = ctx.later('moderation');
    const social: SocialPorts = {
      profileFriends: (userId, viewerId, limit) => friends.profileFriends(userId, viewerId, limit),
      notify: async (userId, kind, data) => {
        await notifications.notify(userId, kind, data);
      },
      endOtherSessions: async (userId, keep) => {
        await sessions.endOthers(userId, keep);
      },
      violationsOf: (userId) => moderation().people.violations(userId),
      ignores: ctx.use('ignores'),
      reach: ctx.use('reach'),
    };
    const profilesRepository = new ProfilesRepository(database.db, database.dialect === 'postgres');
    const profiles = new ProfilesService(profilesRepository, social);
    profiles.useQuotes(ctx.use('quotes'));
    trackVisits(events, profiles);
    ctx.provide({ profiles, profilesRepository, social });
    ctx.routes(profilesRoutes);
  },
});
