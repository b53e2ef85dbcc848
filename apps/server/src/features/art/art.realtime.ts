import { artPostChannel } from '@chat/shared';
import type { RealtimeListener } from '../../platform/feature-module';

/** What the art section's realtime needs to know of a post when an event arrives. */
export interface ArtRealtimeDeps {
  /** Whether everyone may see the post now (live, neither held nor refused, no troll's). */
  postIsPublic(postId: number): Promise<boolean>;
  /** Whether the person is marked a troll (their comments reach only troll seers). */
  isTroll(userId: number): Promise<boolean>;
}

/**
 * The art section's domain events on `art-post.{id}`, a public channel (visitors without a
 * session read posts too): only what everyone may see goes out, so a post that is held,
 * refused, deleted or a troll's sends nothing, and a refused or troll's comment is never sent.
 * Commenting and liking are rate-limited per person, so these sends are too.
 */
export function artRealtime(deps: ArtRealtimeDeps): RealtimeListener {
  return (events, rt) => {
    events.on('art.comment.stored', async ({ comment, postId, authorId, public: everyone }) => {
      if (!everyone || (await deps.isTroll(authorId)) || !(await deps.postIsPublic(postId))) return;
      rt.send(artPostChannel(postId), 'Art.CommentStored', { post_id: postId, comment });
    });
    events.on('art.comment.deleted', async ({ commentId, postId }) => {
      if (!(await deps.postIsPublic(postId))) return;
      rt.send(artPostChannel(postId), 'Art.CommentDeleted', {
        post_id: postId,
        comment_id: commentId,
      });
    });
    events.on('art.post.liked', async ({ postId, likesCount }) => {
      if (!(await deps.postIsPublic(postId))) return;
      rt.send(artPostChannel(postId), 'Art.LikesUpdated', {
        post_id: postId,
        likes_count: likesCount,
      });
    });
  };
}
