import type { Kysely } from 'kysely';
import type { ModerationStatus } from '@chat/shared';
import type { DB } from '../../db/schema';
import { recountComments, recountGroup } from '../art/art-counters';
import type { ForumPostReview } from '../my/content-submissions';

/**
 * The art section's side of content reviews: the copy of a review's status onto `art_posts`
 * or `art_comments`, with the counters that count only what everyone may see (the group's
 * posts, the post's comments), written in the decision's (or the write's) transaction.
 */

/** Writes a post's status (and hold), and counts its group again; the state now. */
export async function writeArtPostState(
  trx: Kysely<DB>,
  postId: number,
  state: { status: ModerationStatus; held?: boolean },
): Promise<ForumPostReview> {
  const row = await trx
    .updateTable('art_posts')
    .set({
      status: state.status,
      ...(state.held === undefined ? {} : { held: state.held ? 1 : 0 }),
    })
    .where('id', '=', postId)
    .returning(['group_id', 'held'])
    .executeTakeFirst();
  if (row) await recountGroup(trx, row.group_id);
  return { status: state.status, held: (row?.held ?? 0) === 1 };
}

export async function writeArtCommentState(
  trx: Kysely<DB>,
  commentId: number,
  status: ModerationStatus,
): Promise<void> {
  const row = await trx
    .updateTable('art_comments')
    .set({ status })
    .where('id', '=', commentId)
    .returning('post_id')
    .executeTakeFirst();
  if (row) await recountComments(trx, row.post_id);
}

/** A moderator's decision copied onto the post: accepting releases a held one. */
export async function mirrorArtPost(trx: Kysely<DB>, postId: number, status: ModerationStatus) {
  await writeArtPostState(trx, postId, {
    status,
    ...(status === 'accepted' ? { held: false } : {}),
  });
}

export async function mirrorArtComment(
  trx: Kysely<DB>,
  commentId: number,
  status: ModerationStatus,
) {
  await writeArtCommentState(trx, commentId, status);
}
