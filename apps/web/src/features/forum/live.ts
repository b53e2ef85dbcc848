import type { ForumPost } from '@chat/shared';
import type { ForumEventActions } from '../realtime/dispatcher';

/** What the open thread hears on `forum-thread.{id}`. */
export interface ForumThreadListener {
  postStored(post: ForumPost): void;
  postUpdated(post: ForumPost): void;
  postDeleted(postId: number): void;
  threadUpdated(change: ForumThreadChange): void;
}

export interface ForumThreadChange {
  thread_id: number;
  pinned?: boolean;
  locked?: boolean;
  deleted?: boolean;
  category?: unknown;
  subject?: string;
}

const listeners = new Map<number, Set<ForumThreadListener>>();

/** The open thread page listens while it is shown; returns the way to stop. */
export function listenToThread(threadId: number, listener: ForumThreadListener): () => void {
  const set = listeners.get(threadId) ?? new Set();
  set.add(listener);
  listeners.set(threadId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(threadId);
  };
}

const each = (threadId: number, call: (l: ForumThreadListener) => void) => {
  for (const listener of listeners.get(threadId) ?? []) call(listener);
};

/** The events as the realtime dispatcher hands them over; nobody listening, nothing happens. */
export const forumEvents: ForumEventActions = {
  postStored: (p) => each(p.thread_id, (l) => l.postStored(p.post)),
  postUpdated: (p) => each(p.thread_id, (l) => l.postUpdated(p.post)),
  postDeleted: (p) => each(p.thread_id, (l) => l.postDeleted(p.post_id)),
  threadUpdated: (p) => each(p.thread_id, (l) => l.threadUpdated(p)),
};
