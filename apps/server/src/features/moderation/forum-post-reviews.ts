import type { Kysely } from 'kysely';
import type { ModerationStatus } from '@chat/shared';
import { hasPermission } from '../../access/permissions';
import type { DB } from '../../db/schema';
import { FORUM_HOLD_FIRST_POSTS_SETTING } from '../../db/site-settings';
import { ForumVisibilityRepository } from '../forum/forum-visibility.repository';
import type { ForumPostReview, ForumPostWrite } from '../my/content-submissions';

const counters = new ForumVisibilityRepository();

/**
 * The forum's side of content reviews: whether a new post is held, and the copy of a review's
 * status onto `forum_posts` (and `forum_threads` for a first post), with the counters that
 * count only what everyone may see.
 */

/** Held: the site holds new accounts' first posts and this author has too few accepted yet. */
export async function shouldHold(
  trx: Kysely<DB>,
  ownerId: number,
  /** Whose accepted posts count: the forum's, or the art section's (each held on its own). */
  posts: 'forum_posts' | 'art_posts' = 'forum_posts',
): Promise<boolean> {
  const setting = await trx
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', FORUM_HOLD_FIRST_POSTS_SETTING)
    .executeTakeFirst();
  const firstPosts = Math.max(0, Math.floor(Number(setting?.value ?? 0)) || 0);
  if (firstPosts === 0) return false;
  const owner = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (!owner || hasPermission(owner, 'forum.moderate')) return false;
  const accepted = await trx
    .selectFrom(posts)
    .select('id')
    .where('author_id', '=', ownerId)
    .where('status', '=', 'accepted')
    .where('deleted_at', 'is', null)
    .limit(firstPosts)
    .execute();
  return accepted.length < firstPosts;
}

/** Writes the post's (and its thread's, for a first post) status and hold. */
export async function writeForumPostState(
  trx: Kysely<DB>,
  write: Pick<ForumPostWrite, 'postId' | 'threadId' | 'isFirst'>,
  state: { status: ModerationStatus; held?: boolean },
): Promise<void> {
  const held = state.held === undefined ? {} : { held: state.held ? 1 : 0 };
  await trx
    .updateTable('forum_posts')
    .set({ status: state.status, ...held })
    .where('id', '=', write.postId)
    .execute();
  if (write.isFirst)
    await trx
      .updateTable('forum_threads')
      .set({ status: state.status, ...held })
      .where('id', '=', write.threadId)
      .execute();
}

/**
 * A moderator's decision copied onto the post: accepting releases a held post, and what
 * everyone may see changed, so the thread's and category's counters are counted again.
 */
export async function mirrorForumPost(
  trx: Kysely<DB>,
  postId: number,
  status: ModerationStatus,
): Promise<void> {
  const post = await trx
    .selectFrom('forum_posts')
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .select(['forum_posts.thread_id', 'forum_threads.first_post_id'])
    .where('forum_posts.id', '=', postId)
    .executeTakeFirst();
  if (!post) return;
  const write = { postId, threadId: post.thread_id, isFirst: post.first_post_id === postId };
  await writeForumPostState(trx, write, {
    status,
    ...(status === 'accepted' ? { held: false } : {}),
  });
  await counters.recountAround(trx, post.thread_id);
}

export type { ForumPostReview, ForumPostWrite };
