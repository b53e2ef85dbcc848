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
