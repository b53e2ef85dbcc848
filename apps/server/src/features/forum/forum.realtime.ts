import { forumThreadChannel, type ForumPost, type ForumThreadUpdatedEvent } from '@chat/shared';
import type { RealtimeListener } from '../../platform/feature-module';

/** What the forum's realtime needs to know of a thread when an event arrives. */
export interface ForumRealtimeDeps {
  /**
   * Whether everyone may see the thread now (live, its first post neither held nor refused, no
   * troll's); `evenDeleted`: all that but live (a deletion is news only of a thread people saw).
   */
  threadIsPublic(threadId: number, evenDeleted?: boolean): Promise<boolean>;
  /** Whether the person is marked a troll (their posts reach only troll seers). */
  isTroll(userId: number): Promise<boolean>;
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
    // A troll's post (or any post of a troll's thread) is public by status but not to everyone.
    const trolls = async (post: ForumPost) =>
      post.author !== null && (await deps.isTroll(post.author.id));
    events.on('forum.post.stored', async ({ post, thread, public: everyone }) => {
      if (!everyone || (await trolls(post)) || !(await deps.threadIsPublic(thread.id))) return;
      rt.send(forumThreadChannel(thread.id), 'Forum.PostStored', { thread_id: thread.id, post });
    });
    events.on('forum.post.updated', async ({ post, thread, public: everyone }) => {
      if (!(await deps.threadIsPublic(thread.id))) return;
      const channel = forumThreadChannel(thread.id);
      if (everyone && !(await trolls(post)))
        rt.send(channel, 'Forum.PostUpdated', { thread_id: thread.id, post });
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
      if (!(await deps.threadIsPublic(thread.id, deleted))) return;
      rt.send(
        forumThreadChannel(thread.id),
        'Forum.ThreadUpdated',
        await deps.threadState(thread.id),
      );
    });
  };
}
