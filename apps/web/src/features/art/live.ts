import type { ArtComment, RealtimeEventMap } from '@chat/shared';

/** What the open post page hears on its channel. */
export interface ArtPostListener {
  commentStored(comment: ArtComment): void;
  commentDeleted(commentId: number): void;
  likesUpdated(likesCount: number): void;
  /** The connection came back: what was said meanwhile is read, not heard. */
  reconnected?(): void;
}

/** The events as the realtime dispatcher hands them over, by the post they are about. */
export interface ArtEventActions {
  commentStored(payload: RealtimeEventMap['Art.CommentStored']): void;
  commentDeleted(payload: RealtimeEventMap['Art.CommentDeleted']): void;
  likesUpdated(payload: RealtimeEventMap['Art.LikesUpdated']): void;
}

const listeners = new Map<number, Set<ArtPostListener>>();

/** The open post page listens while it is shown; returns the way to stop. */
export function listenToArtPost(postId: number, listener: ArtPostListener): () => void {
  const set = listeners.get(postId) ?? new Set();
  set.add(listener);
  listeners.set(postId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(postId);
  };
}

const each = (postId: number, call: (l: ArtPostListener) => void) => {
  for (const listener of listeners.get(postId) ?? []) call(listener);
};

/** Nobody listening, nothing happens. */
export const artEvents: ArtEventActions = {
  commentStored: (p) => each(p.post_id, (l) => l.commentStored(p.comment)),
  commentDeleted: (p) => each(p.post_id, (l) => l.commentDeleted(p.comment_id)),
  likesUpdated: (p) => each(p.post_id, (l) => l.likesUpdated(p.likes_count)),
};
