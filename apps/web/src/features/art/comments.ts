import type { ArtComment } from '@chat/shared';

/** Comments in the order they were written (by id), each once; `added` wins over what was there. */
export function mergeComments(
  shown: readonly ArtComment[],
  added: readonly ArtComment[],
): ArtComment[] {
  const byId = new Map<number, ArtComment>();
  for (const comment of shown) byId.set(comment.id, comment);
  for (const comment of added) byId.set(comment.id, { ...byId.get(comment.id), ...comment });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Who reads a comment heard live, for the buttons the server left out of the socket's copy. */
export interface CommentViewer {
  id: number | null;
  registered: boolean;
  /** May take anyone's content down (`content.moderate`). */
  moderator: boolean;
}

/**
 * A live comment's buttons as the server would have given them: its author and moderators
 * delete it, other registered people report it. A comment that has them keeps them.
 */
export function withAbilities(comment: ArtComment, viewer: CommentViewer): ArtComment {
  if (comment.abilities) return comment;
  const own = viewer.id !== null && comment.author?.id === viewer.id;
  return {
    ...comment,
    abilities: { delete: own || viewer.moderator, complain: viewer.registered && !own },
  };
}
