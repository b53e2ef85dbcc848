import type { ArtCommentFacts, ArtPostFacts } from '../../access/art-post.policy';
import type { ArtCommentWithAuthor } from './art-comments.repository';
import type { ArtPostWithAuthor } from './art-posts.repository';

/** What the policy asks of a post read with its author (art-posts.repository.ts). */
export function artPostFacts(
  post: Pick<ArtPostWithAuthor, 'author_id' | 'status' | 'held' | 'deleted_at'> &
    Partial<Pick<ArtPostWithAuthor, 'author_is_troll' | 'author_role'>>,
): ArtPostFacts {
  return {
    author_id: post.author_id,
    status: post.status,
    held: post.held,
    deleted_at: post.deleted_at,
    authorIsTroll: post.author_is_troll === 1,
    authorRole: post.author_role ?? null,
  };
}

export function artCommentFacts(
  comment: Pick<ArtCommentWithAuthor, 'author_id' | 'status' | 'deleted_at'> &
    Partial<Pick<ArtCommentWithAuthor, 'author_is_troll' | 'author_role'>>,
): ArtCommentFacts {
  return {
    author_id: comment.author_id,
    status: comment.status,
    deleted_at: comment.deleted_at,
    authorIsTroll: comment.author_is_troll === 1,
    authorRole: comment.author_role ?? null,
  };
}
