import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema';
import {
  HIDDEN_STATUSES,
  listedFor as postsListedFor,
  moderates,
  threadsListedFor,
} from './forum-post.policy';
import { canSeeTrolls, readableBy } from './message.policy';
import type { Viewer } from './viewer';

/**
 * What a search may list to a viewer, as where-clauses on the searched rows, so hits are
 * filtered in SQL before paging (features/search). The chat's rule is the room history's own
 * (message.policy.ts) plus the rooms and people around it; the forum's is the forum's own
 * lists' (forum-post.policy.ts) plus the thread around a post.
 */

/**
 * Chat messages the viewer may find: signed in (visitors without a session read no chat
 * history, as message.policy.ts's canSee says), in a public room or one they are in, listed
 * for them in that room's history (not deleted, not hidden by them, no troll's but their own
 * unless they see trolls), and not written by someone they ignore. The query joins the author
 * as `users` and the room as `rooms`.
 */
export function messagesFoundBy(viewer: Viewer) {
  return readableBy(viewer);
}

/**
 * Forum posts the viewer may find: listed for them in their thread (forum-post.policy.ts
 * listedFor: not deleted, refused or held only for author and moderators, trolls' only for
 * the troll and troll seers), in a live thread the viewer may open (canSeeThread: public, or
 * theirs, or they moderate; no troll's but theirs unless they see trolls). The query joins the thread as `forum_threads` and the
 * post's author as `users` (a left join).
 */
export function forumPostsFoundBy(viewer: Viewer) {
  const listed = postsListedFor(viewer);
  return (eb: ExpressionBuilder<DB, 'forum_posts' | 'forum_threads' | 'users'>) => {
    // The thread is opened as canSeeThread opens it: by its own author's rights, not the post's.
    const threadMine =
      viewer.id === null ? eb.lit(false) : eb('forum_threads.author_id', '=', viewer.id);
    return eb.and([
      listed(eb as unknown as ExpressionBuilder<DB, 'forum_posts' | 'users'>),
      eb('forum_threads.deleted_at', 'is', null),
      ...(moderates(viewer)
        ? []
        : [
            eb.or([
              threadMine,
              eb.and([
                eb('forum_threads.held', '=', 0),
                eb('forum_threads.status', 'not in', HIDDEN_STATUSES),
              ]),
            ]),
          ]),
      // A troll's thread is hidden whole (canSeeThread): no reply in it is found either.
      ...(canSeeTrolls(viewer)
        ? []
        : [
            eb.or([
              threadMine,
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('users as thread_author')
                    .select('thread_author.id')
                    .whereRef('thread_author.id', '=', 'forum_threads.author_id')
                    .where('thread_author.is_troll', '=', 1),
                ),
              ),
            ]),
          ]),
    ]);
  };
}

/** Forum threads (by subject) the viewer may find: those the forum's lists show them. */
export function forumThreadsFoundBy(viewer: Viewer) {
  return threadsListedFor(viewer);
}
