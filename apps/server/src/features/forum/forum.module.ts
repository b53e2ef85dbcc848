import { featureModule } from '../../platform/feature-module';

/**
 * The forum (issue 21): categories, threads, posts, read marks, reactions and previews.
 * Registered last: it uses the chat's reactions, the uploads pipeline, moderation and users.
 */
export const forumModule = featureModule({
  name: 'forum',
  register() {
    // Services and routes arrive in the next commits.
  },
});
