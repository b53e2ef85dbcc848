import * as policy from '../../access/art-post.policy';
import { viewerOf } from '../../access/viewer';
import { featureModule } from '../../platform/feature-module';
import { artPostFacts } from './art-facts';
import { registerArtCommunity } from './art-community';
import { artRoutes } from './art.routes';
import { artSearchSource } from './art.search-source';
import { buildArtServices } from './build-art';

/**
 * The art section (issue 22): groups, galleries, posts of pictures, likes and comments, built
 * from the forum's pieces (Markdown, uploads, content reviews, complaints, notifications,
 * search). Registered after the forum: it uses uploads, moderation and users.
 */
export const artModule = featureModule({
  name: 'art',
  register(ctx) {
    const art = buildArtServices(ctx);
    ctx.provide({ art });
    // A post's pictures are seen by whoever may see the post (a held or refused one's: its
    // author and moderators).
    const users = ctx.use('users');
    ctx.attachmentKind('art_post', async (viewerId, postId) => {
      const post = await art.posts.byId(postId);
      if (!post) return false;
      const viewer = viewerOf((await users.findById(viewerId)) ?? null);
      return policy.canSee(viewer, artPostFacts(post));
    });
    // The profile's art tab counts what `GET /api/art?user=` lists for the same viewer.
    ctx.use('profiles').useArt({
      postsCountOf: (viewer, authorId) => art.posts.count(viewer, { authorId, sort: 'new' }),
    });
    ctx.routes(artRoutes);
    registerArtCommunity(ctx, art);
    // `in=art` of the site's search: posts and comments, filtered by the art policy in SQL.
    ctx.search.register(artSearchSource);
  },
});
