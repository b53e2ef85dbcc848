import * as policy from '../../access/forum-post.policy';
import { viewerOf } from '../../access/viewer';
import { featureModule } from '../../platform/feature-module';
import { postFacts, threadFacts } from './forum-facts';
import { registerForumCommunity } from './forum-community';
import { forumWriteRoutes } from './forum-posts.routes';
import { forumReadRoutes } from './forum.routes';
import { buildForumServices } from './build-forum';

/**
 * The forum (issue 21): categories, threads, posts, read marks, reactions and previews.
 * Registered last: it uses the uploads pipeline, moderation (contentSubmissions) and users.
 */
export const forumModule = featureModule({
  name: 'forum',
  register(ctx) {
    const forum = buildForumServices(ctx);
    ctx.provide({ forum });
    // A post's pictures are seen by whoever may see the post (a held or refused one's: its
    // author and moderators).
    const users = ctx.use('users');
    ctx.attachmentKind('forum_post', async (viewerId, postId) => {
      const post = await forum.posts.byId(postId);
      const thread = post && (await forum.threads.byId(post.thread_id));
      if (!post || !thread) return false;
      const viewer = viewerOf((await users.findById(viewerId)) ?? null);
      return policy.canSee(viewer, postFacts(post), threadFacts(thread));
    });
    ctx.routes(forumReadRoutes, forumWriteRoutes);
    // Moderation, follows, notifications and the live thread channel (H2's forum-community.ts).
    registerForumCommunity(ctx, forum);
  },
});
