import { FORUM_EDIT_WINDOW_MS, type ForumPostAbilities, type Permission } from '@chat/shared';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ForumCategoryRow, ForumPostRow, ForumThreadRow } from '../db/forum-schema';
import type { DB, UserRow } from '../db/schema';
import { canSeeTrolls } from './message.policy';
import { outranksPerson } from './rank';
import { isSelf, type Viewer } from './viewer';

/**
 * The forum's posts and threads (issue 21): who reads and who writes what.
 *
 * - Everyone, visitors without a session too, reads the live posts of live threads.
 * - A post that is refused, or edited after a refusal (`updated`, waiting for a moderator), or
 *   held (a new account's first posts), and every post of a thread whose first post is so,
 *   reaches only its author and moderators (`forum.moderate`).
 * - A troll's posts and threads reach only the troll and those who see trolls.
 * - A deleted thread is opened by moderators only; a deleted post leaves every page (no stub,
 *   moderators included: the page numbers count what is listed), and only moderators may
 *   still reach it alone (its pictures, its history).
 */

/** Statuses that hide a post (or a thread, by its first post) from all but author and staff. */
export const HIDDEN_STATUSES = ['refused', 'updated'] as const;

export type ThreadFacts = Pick<
  ForumThreadRow,
  'author_id' | 'status' | 'held' | 'locked' | 'deleted_at'
> & {
  /** The thread's author is marked a troll (false when unknown or gone). */
  authorIsTroll?: boolean;
  /** The author's role, when read (staff act only on those they outrank: rank.ts). */
  authorRole?: UserRow['role'] | null;
};
export type PostFacts = Pick<
  ForumPostRow,
  'author_id' | 'status' | 'held' | 'deleted_at' | 'created_at' | 'number'
> & {
  authorIsTroll?: boolean;
  /** The author's role, when read (staff act only on those they outrank: rank.ts). */
  authorRole?: UserRow['role'] | null;
  /** Replies after it exist (the first post of a thread with replies stays). */
  hasReplies?: boolean;
};

export type PostAction = 'reply' | 'quote' | 'react' | 'edit' | 'delete' | 'complain' | 'history';

export function moderates(viewer: Pick<Viewer, 'can'>): boolean {
  return viewer.can('forum.moderate');
}

const own = (viewer: Pick<Viewer, 'id'>, authorId: number | null) =>
  authorId !== null && isSelf(viewer, authorId);

function isPublic(item: { status: string; held: number }): boolean {
  return item.held === 0 && !(HIDDEN_STATUSES as readonly string[]).includes(item.status);
}

/** Whether the viewer may open the thread at all (404 otherwise). */
export function canSeeThread(viewer: Viewer, thread: ThreadFacts): boolean {
  if (moderates(viewer)) return true;
  if (thread.deleted_at !== null) return false;
  if (thread.authorIsTroll && !own(viewer, thread.author_id) && !canSeeTrolls(viewer)) return false;
  return isPublic(thread) || own(viewer, thread.author_id);
}

/** Whether the viewer may read the post (alone: its pictures, a quote of it, a complaint). */
export function canSee(viewer: Viewer, post: PostFacts, thread: ThreadFacts): boolean {
  if (!canSeeThread(viewer, thread)) return false;
  if (moderates(viewer)) return true;
  if (post.deleted_at !== null) return false;
  if (post.authorIsTroll && !own(viewer, post.author_id) && !canSeeTrolls(viewer)) return false;
  return isPublic(post) || own(viewer, post.author_id);
}

/**
 * A moderator's power over a post or thread: their own, those of people they outrank (rank.ts:
 * a moderator never over an admin or another moderator), and what a gone account left; never
 * when the author's role was not read.
 */
function staffOver(
  viewer: Viewer,
  item: { author_id: number | null; authorRole?: UserRow['role'] | null },
) {
  if (!moderates(viewer)) return false;
  if (item.author_id === null || own(viewer, item.author_id)) return true;
  return (
    item.authorRole !== undefined &&
    item.authorRole !== null &&
    outranksPerson(viewer, { id: item.author_id, role: item.authorRole })
  );
}

/** Moderating a thread (pin, lock, move, rename, delete): staff over its author. */
export function canModerateThread(viewer: Viewer, thread: ThreadFacts): boolean {
  return staffOver(viewer, thread);
}

/** Free to write in the forum: registered, with `forum.post`, neither gagged nor banned. */
function writes(viewer: Viewer): boolean {
  return viewer.registered && viewer.can('forum.post') && !viewer.gagged && !viewer.banned;
}

/** Starting a thread in a category: a writer who also holds the category's start permission. */
export function canStart(viewer: Viewer, category: Pick<ForumCategoryRow, 'start_permission'>) {
  return writes(viewer) && viewer.can(category.start_permission as Permission);
}

/** Replying in a thread: a writer, in a live thread they see, unlocked unless they moderate. */
export function canReply(viewer: Viewer, thread: ThreadFacts): boolean {
  return (
    writes(viewer) &&
    thread.deleted_at === null &&
    canSeeThread(viewer, thread) &&
    (thread.locked === 0 || moderates(viewer))
  );
}

/** Within the author's edit window. */
export function withinEditWindow(post: Pick<ForumPostRow, 'created_at'>, now = Date.now()) {
  return now - Date.parse(post.created_at) <= FORUM_EDIT_WINDOW_MS;
}

export function can(
  viewer: Viewer,
  action: PostAction,
  post: PostFacts,
  thread: ThreadFacts,
  now = Date.now(),
): boolean {
  if (!canSee(viewer, post, thread)) return false;
  const live = post.deleted_at === null && thread.deleted_at === null;
  switch (action) {
    case 'reply':
    case 'quote':
      return live && canReply(viewer, thread);
    // Reacting is a small write: the writers, on live posts, also in a locked thread.
    case 'react':
      return live && writes(viewer);
    case 'edit':
      if (!live) return false;
      if (staffOver(viewer, post)) return true;
      return (
        writes(viewer) &&
        own(viewer, post.author_id) &&
        thread.locked === 0 &&
        withinEditWindow(post, now)
      );
    case 'delete':
      if (!live) return false;
      if (staffOver(viewer, post)) return true;
      // The first post of a thread is the thread: once answered, only staff take it away.
      return (
        writes(viewer) &&
        own(viewer, post.author_id) &&
        thread.locked === 0 &&
        !(post.number === 1 && post.hasReplies === true)
      );
    case 'complain':
      return live && viewer.registered && !own(viewer, post.author_id);
    case 'history':
      return moderates(viewer);
  }
}

export function abilities(
  viewer: Viewer,
  post: PostFacts,
  thread: ThreadFacts,
  now = Date.now(),
): ForumPostAbilities {
  const may = (action: PostAction) => can(viewer, action, post, thread, now);
  return {
    reply: may('reply'),
    quote: may('quote'),
    react: may('react'),
    edit: may('edit'),
    delete: may('delete'),
    complain: may('complain'),
    history: may('history'),
  };
}

type PostTables = 'forum_posts' | 'users';
type Bool = Expression<SqlBool>;

/**
 * The listing rule of posts and threads, once: live, hidden ones (held, refused) only for
 * their author and staff, trolls' only for the troll and troll seers. `notTroll` says "the
 * author is no troll" in the query's own terms (a joined author, or the troll list).
 */
function listing(
  viewer: Viewer,
  row: { live: Bool; publicOrMine: Bool },
  notTroll: () => Bool,
): Bool[] {
  return [
    row.live,
    ...(moderates(viewer) ? [] : [row.publicOrMine]),
    ...(canSeeTrolls(viewer) ? [] : [notTroll()]),
  ];
}

/** The people marked trolls (a partial index holds them: a few entries, not `users`). */
function trolls(
  within: ExpressionBuilder<DB, 'forum_posts'> | ExpressionBuilder<DB, 'forum_threads'>,
) {
  const eb = within as unknown as ExpressionBuilder<DB, never>;
  return eb.selectFrom('users as trolls').select('trolls.id').where('trolls.is_troll', '=', 1);
}

function postRule(viewer: Viewer, eb: ExpressionBuilder<DB, 'forum_posts'>, notTroll: () => Bool) {
  const mine = viewer.id === null ? eb.lit(false) : eb('forum_posts.author_id', '=', viewer.id);
  return eb.and(
    listing(
      viewer,
      {
        live: eb('forum_posts.deleted_at', 'is', null),
        publicOrMine: eb.or([
          mine,
          eb.and([
            eb('forum_posts.held', '=', 0),
            eb('forum_posts.status', 'not in', HIDDEN_STATUSES),
          ]),
        ]),
      },
      () => eb.or([mine, notTroll()]),
    ),
  );
}

function threadRule(
  viewer: Viewer,
  eb: ExpressionBuilder<DB, 'forum_threads'>,
  notTroll: () => Bool,
) {
  const mine = viewer.id === null ? eb.lit(false) : eb('forum_threads.author_id', '=', viewer.id);
  return eb.and(
    listing(
      viewer,
      {
        live: eb('forum_threads.deleted_at', 'is', null),
        publicOrMine: eb.or([
          mine,
          eb.and([
            eb('forum_threads.held', '=', 0),
            eb('forum_threads.status', 'not in', HIDDEN_STATUSES),
          ]),
        ]),
      },
      () => eb.or([mine, notTroll()]),
    ),
  );
}

/**
 * The posts of a thread page the viewer reads, in SQL (the query joins the post's author as
 * `users`, a left join: an author may be gone). The service has already checked the thread
 * (canSeeThread); this keeps out deleted posts, hidden ones but the viewer's own unless they
 * moderate, and trolls' but their own unless they see trolls.
 */
export function listedFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, PostTables>) =>
    postRule(viewer, eb, () =>
      eb.or([eb('users.is_troll', 'is', null), eb('users.is_troll', '=', 0)]),
    );
}

/**
 * listedFor without the author's join: "no troll's" asked of the troll list, so the rule reads
 * only the post's own columns, all held by the index `forum_posts_thread_listed` (a page's
 * ids are found in the index, 0022-forum-page-indexes.ts).
 */
export function postsListedInIndex(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'forum_posts'>) =>
    postRule(viewer, eb, () =>
      eb.or([
        eb('forum_posts.author_id', 'is', null),
        eb('forum_posts.author_id', 'not in', trolls(eb)),
      ]),
    );
}

/**
 * The threads of a category page (or the latest list) the viewer reads, in SQL (the thread's
 * author joined as `users`, a left join): live, hidden ones only for their author and staff,
 * trolls' only for the troll and troll seers.
 */
export function threadsListedFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'forum_threads' | 'users'>) =>
    threadRule(viewer, eb, () =>
      eb.or([eb('users.is_troll', 'is', null), eb('users.is_troll', '=', 0)]),
    );
}

/** threadsListedFor without the author's join (the category indexes hold what it reads). */
export function threadsListedInIndex(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'forum_threads'>) =>
    threadRule(viewer, eb, () =>
      eb.or([
        eb('forum_threads.author_id', 'is', null),
        eb('forum_threads.author_id', 'not in', trolls(eb)),
      ]),
    );
}

/** What listedTotalOf asks of one thread's posts or one category's threads. */
export interface ListedCounts {
  /** Everything the viewer reads, counted (in the index). */
  listed(): Promise<number>;
  /** Public items by trolls other than `but` (null: every troll's). */
  publicByTrollsBut(but: number | null): Promise<number>;
  /** The person's own items hidden from everyone else, not deleted. */
  hiddenOf(userId: number): Promise<number>;
}

/**
 * How many items the viewer reads, from the public counter (`posts_count`, `threads_count`:
 * what everyone may see, trolls' included) instead of counting a long list on every page:
 * moderators' is counted (they see all that is not deleted); anyone else's is the counter, less
 * the public items of trolls other than the viewer (unless they see trolls), plus the viewer's
 * own hidden items. Both corrections are look-ups of a few authors' items.
 */
export async function listedTotalOf(
  viewer: Viewer,
  counter: number,
  counts: ListedCounts,
): Promise<number> {
  if (moderates(viewer)) return counts.listed();
  let total = counter;
  if (!canSeeTrolls(viewer)) total -= await counts.publicByTrollsBut(viewer.id);
  if (viewer.id !== null) total += await counts.hiddenOf(viewer.id);
  return total;
}

/** Posts by trolls other than `but` (what listedTotalOf takes off). */
export function postsByTrollsBut(but: number | null) {
  return (eb: ExpressionBuilder<DB, 'forum_posts'>) =>
    eb.and([
      eb('forum_posts.author_id', 'in', trolls(eb)),
      ...(but === null ? [] : [eb('forum_posts.author_id', '!=', but)]),
    ]);
}

/** Threads by trolls other than `but` (as postsByTrollsBut). */
export function threadsByTrollsBut(but: number | null) {
  return (eb: ExpressionBuilder<DB, 'forum_threads'>) =>
    eb.and([
      eb('forum_threads.author_id', 'in', trolls(eb)),
      ...(but === null ? [] : [eb('forum_threads.author_id', '!=', but)]),
    ]);
}

/** What counts on the category and thread counters: posts everyone may see. */
export function countsForEveryone(post: Pick<ForumPostRow, 'status' | 'held' | 'deleted_at'>) {
  return post.deleted_at === null && isPublic(post);
}
