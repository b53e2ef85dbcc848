import { forumThreadChannel, type ForumThreadUpdatedEvent } from '@chat/shared';
import type { RealtimeListener } from '../../platform/feature-module';

/** What the forum's realtime needs to know of a thread when an event arrives. */
export interface ForumRealtimeDeps {
  /** Whether everyone may see the thread now (live, its first post neither held nor refused). */
  threadIsPublic(threadId: number): Promise<boolean>;
  threadState(threadId: number): Promise<ForumThreadUpdatedEvent>;
}

/**
 * The forum's domain events on `forum-thread.{id}`, a public channel: only what everyone may
 * see goes out. A held or refused post is never sent (its author's client has it already); a
 * post that moderation takes from everyone goes out as deleted; a hidden thread sends nothing.
 * Posting is rate-limited per user, so these sends are too.
 */
export function forumRealtime(deps: ForumRealtimeDeps): RealtimeListener {
  return (events, rt) => {
    events.on('forum.post.stored', ({ post, thread, public: everyone }) => {
      if (everyone)
        rt.send(forumThreadChannel(thread.id), 'Forum.PostStored', { thread_id: thread.id, post });
    });
    events.on('forum.post.updated', async ({ post, thread, public: everyone }) => {
      if (!(await deps.threadIsPublic(thread.id))) return;
      const channel = forumThreadChannel(thread.id);
      if (everyone) rt.send(channel, 'Forum.PostUpdated', { thread_id: thread.id, post });
      else rt.send(channel, 'Forum.PostDeleted', { thread_id: thread.id, post_id: post.id });
    });
    events.on('forum.post.deleted', ({ postId, thread }) => {
      rt.send(forumThreadChannel(thread.id), 'Forum.PostDeleted', {
        thread_id: thread.id,
        post_id: postId,
      });
    });
    events.on('forum.thread.updated', async ({ thread, deleted }) => {
      // A deleted thread's readers learn it is gone; a hidden one's subject stays unsaid.
      if (!deleted && !(await deps.threadIsPublic(thread.id))) return;
      rt.send(
        forumThreadChannel(thread.id),
        'Forum.ThreadUpdated',
        await deps.threadState(thread.id),
      );
    });
  };
}
