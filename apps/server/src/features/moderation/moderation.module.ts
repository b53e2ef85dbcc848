import { featureModule } from '../../platform/feature-module';
import { registerBanExpiry } from './ban-expiry';
import { bansRoutes } from './bans.routes';
import { complaintsRoutes } from './complaints.routes';
import { ContentReviewsRepository } from './content-reviews.repository';
import { contentReviewsRoutes } from './content-reviews.routes';
import { moderationListsRoutes } from './moderation-lists.routes';
import { moderationRealtime } from './moderation.realtime';
import { createModerationServices } from './moderation.services';
import { rolesRoutes } from './roles.routes';

/**
 * Sanctions and their expiry job, complaints and appeals, content reviews, roles, the log.
 * Profiles show its content decisions and violations; my's writes submit content to it.
 */
export const moderationModule = featureModule({
  name: 'moderation',
  register(ctx) {
    const { database, events, rateLimits, jobs, units } = ctx.platform;
    const social = ctx.use('social');
    const notify = social.notify.bind(social);
    const rooms = ctx.later('rooms');
    const my = ctx.later('my');
    const moderation = createModerationServices(database.db, {
      users: ctx.use('users'),
      accounts: ctx.use('accounts'),
      events,
      content: {
        notify,
        removeAvatar: async (user) => {
          await my().avatar.remove(user);
        },
      },
      sanctions: { jobs, units, leaveChat: (user) => rooms().leaveChat(user), notify },
      complaints: { rateLimits, notify },
    });
    registerBanExpiry(ctx.jobs, moderation.bans);
    ctx.use('profiles').useModeration(moderation.content);
    ctx.provide({
      moderation,
      contentSubmissions: new ContentReviewsRepository(database.db),
    });
    ctx.realtime(moderationRealtime);
    ctx.routes(
      contentReviewsRoutes,
      rolesRoutes,
      complaintsRoutes,
      bansRoutes,
      moderationListsRoutes,
    );
  },
});
