import type { ArtPostAbilities } from '@chat/shared';
import type { ExpressionBuilder } from 'kysely';
import type { ArtCommentRow, ArtPostRow } from '../db/art-schema';
import type { DB, UserRow } from '../db/schema';
import { canSeeTrolls } from './message.policy';
import { outranksPerson } from './rank';
import { isSelf, type Viewer } from './viewer';

/**
 * The art section's posts and comments (issue 22): who sees and who writes what, as the forum's
 * posts (forum-post.policy.ts) with the art section's own actions.
 *
 * - Everyone, visitors without a session too, sees live posts everyone may see and their
 *   comments; guests look but neither post, like nor comment (the routes answer 403 `guest`).
 * - A post that is refused, or edited after a refusal (`updated`), or held (a new account's
 *   first posts), reaches only its author and moderators (`content.moderate`); so does a
 *   refused comment. A troll's posts and comments reach only the troll and troll seers.
 * - A deleted post or comment is gone for everyone (its pictures stay reachable to staff).
 * - Gagged and banned people write nothing; staff act on what people they outrank wrote.
 */

/** Statuses that hide a post or a comment from all but its author and staff. */
export const HIDDEN_STATUSES = ['refused', 'updated'] as const;

export type ArtPostFacts = Pick<ArtPostRow, 'author_id' | 'status' | 'held' | 'deleted_at'> & {
  authorIsTroll?: boolean;
  /** The author's role, when read (staff act only on those they outrank: rank.ts). */
  authorRole?: UserRow['role'] | null;
};
export type ArtCommentFacts = Pick<ArtCommentRow, 'author_id' | 'status' | 'deleted_at'> & {
  authorIsTroll?: boolean;
  authorRole?: UserRow['role'] | null;
};

export type ArtPostAction = 'like' | 'comment' | 'edit' | 'delete' | 'complain' | 'gift';
export type ArtCommentAction = 'delete' | 'complain';

export function moderates(viewer: Pick<Viewer, 'can'>): boolean {
  return viewer.can('content.moderate');
}

const own = (viewer: Pick<Viewer, 'id'>, authorId: number | null) =>
  authorId !== null && isSelf(viewer, authorId);

const hiddenStatus = (status: string) => (HIDDEN_STATUSES as readonly string[]).includes(status);

/** What everyone may see of a post (and what the group's counter and cover count). */
export function isPublic(post: Pick<ArtPostRow, 'status' | 'held' | 'deleted_at'>): boolean {
  return post.deleted_at === null && post.held === 0 && !hiddenStatus(post.status);
}

/**
 * Whether a group's and every group's galleries list for the viewer what they list for
 * everyone: not for staff and troll seers (they see more), nor for a troll (their own posts,
 * hidden from everyone else, must show to them where everyone's would). An author's held or
 * refused post is listed to them in their own gallery and on its page only (docs/adr/0007).
 */
export function listsAsEveryone(viewer: Viewer): boolean {
  return !moderates(viewer) && !canSeeTrolls(viewer) && !viewer.troll;
}

/** Registered, neither gagged nor banned: may post, like and comment. */
export function writes(viewer: Viewer): boolean {
  return viewer.registered && !viewer.gagged && !viewer.banned;
}

/** Posting in a group. */
export function canPost(viewer: Viewer): boolean {
  return writes(viewer);
}

/** Whether the viewer may see the post at all (404 otherwise). */
export function canSee(viewer: Viewer, post: ArtPostFacts): boolean {
  if (post.deleted_at !== null) return false;
  if (moderates(viewer)) return true;
  if (post.authorIsTroll && !own(viewer, post.author_id) && !canSeeTrolls(viewer)) return false;
  return (post.held === 0 && !hiddenStatus(post.status)) || own(viewer, post.author_id);
}

/** Whether the viewer may see a comment of a post they see. */
export function canSeeComment(viewer: Viewer, comment: ArtCommentFacts): boolean {
  if (comment.deleted_at !== null) return false;
  if (moderates(viewer)) return true;
  if (comment.authorIsTroll && !own(viewer, comment.author_id) && !canSeeTrolls(viewer))
    return false;
  return !hiddenStatus(comment.status) || own(viewer, comment.author_id);
}

/** Staff over what someone wrote: their own, those they outrank, what a gone account left. */
function staffOver(
  viewer: Viewer,
  item: { author_id: number | null; authorRole?: UserRow['role'] | null },
): boolean {
  if (!moderates(viewer)) return false;
  if (item.author_id === null || own(viewer, item.author_id)) return true;
  return (
    item.authorRole !== undefined &&
    item.authorRole !== null &&
    outranksPerson(viewer, { id: item.author_id, role: item.authorRole })
  );
}

export function can(viewer: Viewer, action: ArtPostAction, post: ArtPostFacts): boolean {
  if (!canSee(viewer, post)) return false;
  switch (action) {
    // Liking and commenting are for what others may see too (a held post waits for staff).
    case 'like':
    case 'comment':
      return writes(viewer);
    case 'edit':
    case 'delete':
      return staffOver(viewer, post) || (writes(viewer) && own(viewer, post.author_id));
    case 'complain':
      return viewer.registered && !own(viewer, post.author_id);
    case 'gift':
      return viewer.registered && post.author_id !== null && !own(viewer, post.author_id);
  }
}

export function canOnComment(
  viewer: Viewer,
  action: ArtCommentAction,
  comment: ArtCommentFacts,
): boolean {
  if (!canSeeComment(viewer, comment)) return false;
  switch (action) {
    case 'delete':
      return staffOver(viewer, comment) || (writes(viewer) && own(viewer, comment.author_id));
    case 'complain':
      return viewer.registered && !own(viewer, comment.author_id);
  }
}

export function abilities(viewer: Viewer, post: ArtPostFacts): ArtPostAbilities {
  const may = (action: ArtPostAction) => can(viewer, action, post);
  return {
    like: may('like'),
    comment: may('comment'),
    edit: may('edit'),
    delete: may('delete'),
    complain: may('complain'),
    gift: may('gift'),
  };
}

export function commentAbilities(viewer: Viewer, comment: ArtCommentFacts) {
  return {
    delete: canOnComment(viewer, 'delete', comment),
    complain: canOnComment(viewer, 'complain', comment),
  };
}

/** The people marked trolls (a partial index holds them: a few entries, not `users`). */
function trolls(
  within: ExpressionBuilder<DB, 'art_posts'> | ExpressionBuilder<DB, 'art_comments'>,
) {
  const eb = within as unknown as ExpressionBuilder<DB, never>;
  return eb.selectFrom('users as trolls').select('trolls.id').where('trolls.is_troll', '=', 1);
}

/**
 * The posts a gallery (or the search) lists for the viewer, in SQL over the post's own columns:
 * live; hidden ones only for their author and staff; trolls' only for the troll and troll seers.
 */
export function listedFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'art_posts'>) => {
    const mine = viewer.id === null ? eb.lit(false) : eb('art_posts.author_id', '=', viewer.id);
    return eb.and([
      eb('art_posts.deleted_at', 'is', null),
      ...(moderates(viewer)
        ? []
        : [
            eb.or([
              mine,
              eb.and([
                eb('art_posts.held', '=', 0),
                eb('art_posts.status', 'not in', HIDDEN_STATUSES),
              ]),
            ]),
          ]),
      ...(canSeeTrolls(viewer)
        ? []
        : [
            eb.or([
              mine,
              eb('art_posts.author_id', 'is', null),
              eb('art_posts.author_id', 'not in', trolls(eb)),
            ]),
          ]),
    ]);
  };
}

/** What everyone may see, in SQL (the group's cover, counters, the home page). */
export function listedForEveryone() {
  return (eb: ExpressionBuilder<DB, 'art_posts'>) =>
    eb.and([
      eb('art_posts.deleted_at', 'is', null),
      eb('art_posts.held', '=', 0),
      eb('art_posts.status', 'not in', HIDDEN_STATUSES),
      eb.or([
        eb('art_posts.author_id', 'is', null),
        eb('art_posts.author_id', 'not in', trolls(eb)),
      ]),
    ]);
}

/** The comments of a post the viewer reads, in SQL (the post itself was checked already). */
export function commentsListedFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'art_comments'>) => {
    const mine = viewer.id === null ? eb.lit(false) : eb('art_comments.author_id', '=', viewer.id);
    return eb.and([
      eb('art_comments.deleted_at', 'is', null),
      ...(moderates(viewer)
        ? []
        : [eb.or([mine, eb('art_comments.status', 'not in', HIDDEN_STATUSES)])]),
      ...(canSeeTrolls(viewer)
        ? []
        : [
            eb.or([
              mine,
              eb('art_comments.author_id', 'is', null),
              eb('art_comments.author_id', 'not in', trolls(eb)),
            ]),
          ]),
    ]);
  };
}
