import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { canSeeTrolls, listedFor as messagesListedFor } from './message.policy';
import type { Viewer } from './viewer';

/**
 * What a search may list to a viewer, as where-clauses on the searched rows, so hits are
 * filtered in SQL before paging (features/search). The chat's rule is the room history's own
 * (message.policy.ts) plus the rooms and people around it; the forum's mirrors the forum's
 * lists (H1's access/forum-post.policy.ts is to take it over as its `listedFor`).
 */

/** Moderation statuses that hide a forum post or thread from all but its author and moderators. */
export const FORUM_HIDDEN_STATUSES = ['refused', 'updated'] as const;

/**
 * Chat messages the viewer may find: signed in (visitors without a session read no chat
 * history, as message.policy.ts's canSee says), in a public room or one they are in, listed
 * for them in that room's history (not deleted, not hidden by them, no troll's but their own
 * unless they see trolls), and not written by someone they ignore. The query joins the author
 * as `users` and the room as `rooms`.
 */
export function messagesFoundBy(viewer: Viewer) {
  const viewerId = viewer.id ?? 0;
  const history = messagesListedFor(viewerId, canSeeTrolls(viewer));
  return (eb: ExpressionBuilder<DB, 'messages' | 'users' | 'rooms'>) =>
    eb.and([
      eb.lit(viewer.id !== null),
      history(eb as unknown as ExpressionBuilder<DB, 'messages' | 'users'>),
      eb.or([
        eb('rooms.is_public', '=', 1),
        eb.exists(
          eb
            .selectFrom('room_users')
            .select('room_users.user_id')
            .whereRef('room_users.room_id', '=', 'messages.room_id')
            .where('room_users.user_id', '=', viewerId),
        ),
      ]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('ignores')
            .select('ignores.ignored_id')
            .where('ignores.user_id', '=', viewerId)
            .whereRef('ignores.ignored_id', '=', 'messages.user_id'),
        ),
      ),
    ]);
}

/** Whether the viewer moderates the forum (finds refused and held posts). */
function moderates(viewer: Viewer): boolean {
  return viewer.can('forum.moderate');
}

type ForumTables = 'forum_posts' | 'forum_threads' | 'users';

/**
 * Forum posts the viewer may find: never a deleted post or one of a deleted thread; a refused
 * or held post (or any post of a refused or held thread) only by its author and moderators;
 * a troll's post only by the troll and those who see trolls. The query joins the thread as
 * `forum_threads` and the post's author as `users` (a left join: an author may be gone).
 */
export function forumPostsFoundBy(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, ForumTables>) => {
    const own = ownedBy(eb, 'forum_posts.author_id', viewer);
    return eb.and([
      eb('forum_posts.deleted_at', 'is', null),
      eb('forum_threads.deleted_at', 'is', null),
      ...(moderates(viewer)
        ? []
        : [
            eb.or([
              own,
              eb.and([
                eb('forum_posts.held', '=', 0),
                eb('forum_posts.status', 'not in', FORUM_HIDDEN_STATUSES),
                publicThread(eb),
              ]),
            ]),
          ]),
      ...(canSeeTrolls(viewer) ? [] : [eb.or([own, notTroll(eb)])]),
    ]);
  };
}

/**
 * Forum threads (by subject) the viewer may find: live, and refused or held (as its first
 * post) only for its author and moderators; a troll's only for the troll and troll seers. The
 * query joins the thread's author as `users` (a left join).
 */
export function forumThreadsFoundBy(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'forum_threads' | 'users'>) => {
    const own = ownedBy(eb, 'forum_threads.author_id', viewer);
    return eb.and([
      eb('forum_threads.deleted_at', 'is', null),
      ...(moderates(viewer) ? [] : [eb.or([own, publicThread(eb)])]),
      ...(canSeeTrolls(viewer) ? [] : [eb.or([own, notTroll(eb)])]),
    ]);
  };
}

function publicThread(eb: ExpressionBuilder<DB, 'forum_threads'>) {
  return eb.and([
    eb('forum_threads.held', '=', 0),
    eb('forum_threads.status', 'not in', FORUM_HIDDEN_STATUSES),
  ]);
}

function ownedBy<T extends ForumTables>(
  eb: ExpressionBuilder<DB, T>,
  column: 'forum_posts.author_id' | 'forum_threads.author_id',
  viewer: Viewer,
) {
  const e = eb as unknown as ExpressionBuilder<DB, ForumTables>;
  return viewer.id === null ? e.lit(false) : e(column, '=', viewer.id);
}

/** The author (joined as `users`) is no troll, or is gone. */
function notTroll(eb: ExpressionBuilder<DB, 'users'>) {
  return eb.or([eb('users.is_troll', 'is', null), eb('users.is_troll', '=', 0)]);
}
