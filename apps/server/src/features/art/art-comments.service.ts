import type { ArtComment, CreateArtCommentBody } from '@chat/shared';
import * as policy from '../../access/art-post.policy';
import type { Viewer } from '../../access/viewer';
import { forbidden, invalid, notFound } from '../../http/app-error';
import type { RateLimitRule, RateLimits } from '../../http/rate-limit';
import { nowIso } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Platform } from '../../platform/platform';
import type { ContentSubmissions } from '../my/content-submissions';
import { recountComments } from './art-counters';
import type { ArtCommentsRepository, ArtCommentWithAuthor } from './art-comments.repository';
import { artCommentFacts, artPostFacts } from './art-facts';
import type { ArtPostsRepository } from './art-posts.repository';
import type { ArtReads } from './art-read.service';
import type { ArtWriteService } from './art-write.service';
import { Once } from '../../lib/once';

/** Comments per author a minute (the forum's pace for replies). */
export const ART_COMMENT_RULE: RateLimitRule = {
  name: 'art-comment',
  points: 10,
  durationSeconds: 60,
};

/** Comments on art posts: flat pages, writes (client_id idempotent), deletions. */
export class ArtCommentsService {
  private readonly once = new Once();

  constructor(
    private readonly units: Platform['units'],
    private readonly comments: ArtCommentsRepository,
    private readonly posts: ArtPostsRepository,
    private readonly write: ArtWriteService,
    private readonly reads: ArtReads,
    private readonly submissions: () => ContentSubmissions,
    private readonly rateLimits: RateLimits,
  ) {}

  async page(viewer: Viewer, postId: number, page: number) {
    const post = await this.write.find(viewer, postId);
    return this.reads.commentPage(viewer, post, page);
  }

  add(
    viewer: Viewer,
    postId: number,
    body: CreateArtCommentBody,
  ): Promise<{ comment: ArtComment; replay: boolean }> {
    return this.once.run(`${viewer.id}:${body.client_id}`, () => this.store(viewer, postId, body));
  }

  private async store(
    viewer: Viewer,
    postId: number,
    body: CreateArtCommentBody,
  ): Promise<{ comment: ArtComment; replay: boolean }> {
    const authorId = viewer.id!;
    // A deleted post (or one the viewer may not see) is not there to comment on: 404.
    const post = await this.write.find(viewer, postId);
    const earlier = await this.comments.byClientId(authorId, body.client_id);
    if (earlier) {
      // A client_id names one comment: sent again on another post it is a mistake, not a twin.
      if (earlier.post_id !== post.id) throw invalid({ client_id: ['invalid_value'] });
      return this.replayOf(viewer, earlier);
    }
    if (!policy.can(viewer, 'comment', artPostFacts(post))) throw forbidden();
    await this.rateLimits.hit(ART_COMMENT_RULE, String(authorId));
    const html = await this.write.render(body.text);
    try {
      const id = await this.units.run(async (tx) => {
        const at = nowIso();
        const commentId = await this.comments.insert(tx.db, {
          post_id: post.id,
          author_id: authorId,
          text: body.text,
          html,
          client_id: body.client_id,
          created_at: at,
        });
        const review = await this.submissions().artWritten(
          tx.db,
          { type: 'art_comment', id: commentId, ownerId: authorId, at },
          true,
        );
        await recountComments(tx.db, post.id);
        const row = (await this.comments.byId(commentId, tx.db))!;
        tx.emit('art.comment.stored', {
          comment: await this.reads.commentForEveryone(row, tx.db),
          postId: post.id,
          postAuthorId: post.author_id,
          authorId,
          public: !(policy.HIDDEN_STATUSES as readonly string[]).includes(review.status),
        });
        return commentId;
      });
      return {
        comment: await this.present(viewer, (await this.comments.byId(id))!),
        replay: false,
      };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const first = await this.comments.byClientId(authorId, body.client_id);
      if (!first) throw error;
      await this.rateLimits.refund(ART_COMMENT_RULE, String(authorId));
      return this.replayOf(viewer, first);
    }
  }

  private async replayOf(viewer: Viewer, row: ArtCommentWithAuthor) {
    return { comment: await this.present(viewer, row), replay: true };
  }

  private async present(viewer: Viewer, row: ArtCommentWithAuthor): Promise<ArtComment> {
    return this.reads.commentFor(viewer, row, await this.reads.usersOf([row.author_id]));
  }

  /** Its author or staff (over those they outrank); staff's deletion is logged. */
  async remove(viewer: Viewer, commentId: number): Promise<void> {
    const comment = await this.comments.byId(commentId);
    if (!comment || !policy.canSeeComment(viewer, artCommentFacts(comment))) throw notFound();
    const post = await this.posts.byId(comment.post_id);
    if (!post || !policy.canSee(viewer, artPostFacts(post))) throw notFound();
    if (!policy.canOnComment(viewer, 'delete', artCommentFacts(comment))) throw forbidden();
    await this.units.run(async (tx) => {
      if (!(await this.comments.markDeleted(tx.db, comment.id, viewer.id!, nowIso()))) return;
      await recountComments(tx.db, post.id);
      tx.emit('art.comment.deleted', {
        commentId: comment.id,
        postId: post.id,
        authorId: comment.author_id,
        deletedBy: viewer.id!,
      });
    });
  }
}
