import * as contentReview from '../../access/content-review.policy';
import { viewerOf } from '../../access/viewer';
import {
  type ContentModeration,
  type ContentReview,
  type ContentSubject,
  type ModerationStatus,
  type PageMeta,
} from '@chat/shared';
import type { ContentReviewRow, UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { forbidden, invalid, notFound, type AppError } from '../../http/app-error';
import type { MessageKey } from '../../http/messages';
import { nowIso } from '../../lib/clock';
import { pageMeta } from '../../lib/paging';
import { hasPermission, presentPublicUser } from '../users/user.presenter';
import {
  presentContentModeration,
  artKey,
  presentContentReview,
  statusOf,
  subjectOf,
} from './content-reviews.presenter';
import { PENDING, type ContentReviewsRepository, type Subject } from './content-reviews.repository';
import type { ModerationLogRepository } from './moderation-log.repository';

export const QUEUE_PAGE = 20;

/** What content moderation needs from other features, looked up when called (app.ts). */
export interface ContentReviewPorts {
  notify(userId: number, kind: string, data: Record<string, unknown>): Promise<void>;
  /** Takes the user's avatar down everywhere (AvatarService.remove). */
  removeAvatar(user: UserRow): Promise<void>;
}

/** The forum's side of a decision on a post (features/forum binds it: it registers later). */
export interface ForumReviewPort {
  /** A post's status changed: its readers hear it, or lose it. */
  postDecided(postId: number): Promise<void>;
}

/** The art section's side of a decision on a post or comment (features/art binds it). */
export interface ArtReviewPort {
  /** A post's or comment's status changed: its readers hear it, or lose it. */
  decided(
    subject: { type: 'art_post' | 'art_comment'; id: number },
    status: ModerationStatus,
  ): Promise<void>;
}

export interface Decision {
  status: 'accepted' | 'refused';
  comment?: string | undefined;
}

/** Thrown inside a decision's transaction when another decision got there first. */
class Moved extends Error {}

const ALREADY: Record<ModerationStatus, MessageKey> = {
  new: 'review.status_new',
  accepted: 'review.status_accepted',
  refused: 'review.status_refused',
  updated: 'review.status_updated',
};

/** A 422 naming the review's current status (it is not in the state the call needs). */
const wrongStatus = (status: string): AppError => invalid({ status: [ALREADY[statusOf(status)]] });

/**
 * Post-moderation of profile texts and photos: they show while `new`; a moderator accepts or
 * refuses them from the queue or straight from a profile; a refused piece is hidden from
 * everyone but its owner and staff until its owner edits it or asks for a restore (`updated`),
 * which a moderator accepts or refuses in turn.
 */
export class ContentReviewsService {
  constructor(
    private readonly repo: ContentReviewsRepository,
    private readonly log: ModerationLogRepository,
    private readonly events: DomainEvents,
    private readonly ports: ContentReviewPorts,
  ) {}

  private forum: ForumReviewPort | null = null;

  private art: ArtReviewPort | null = null;

  /** Called by the art module, which registers after moderation. */
  useArt(port: ArtReviewPort): void {
    this.art = port;
  }

  /** Called by the forum module, which registers after moderation. */
  useForum(port: ForumReviewPort): void {
    this.forum = port;
  }

  async queue(viewer: UserRow, page: number): Promise<{ data: ContentReview[]; meta: PageMeta }> {
    requireModerator(viewer);
    const { rows, total } = await this.repo.queue(
      QUEUE_PAGE,
      (page - 1) * QUEUE_PAGE,
      contentReview.listedFor(viewerOf(viewer)),
    );
    return {
      data: await this.present(rows),
      meta: pageMeta(page, QUEUE_PAGE, total),
    };
  }

  /** A decision on a queue item: only while it waits (`new` or `updated`). */
  async decideQueued(moderator: UserRow, id: number, decision: Decision): Promise<ContentReview> {
    requireModerator(moderator);
    const row = await this.repo.find(id);
    if (!row || !(await this.alive(row))) throw notFound();
    if (!PENDING.includes(statusOf(row.status))) throw wrongStatus(row.status);
    return this.decide(moderator, row, decision);
  }

  /**
   * A decision straight from a profile, whatever the piece's status (an accepted photo may be
   * refused later); content from before moderation existed gets its review row now.
   */
  async decideSubject(
    moderator: UserRow,
    subject: Subject,
    decision: Decision,
  ): Promise<ContentReview> {
    requireModerator(moderator);
    const content = await this.content(subject);
    if (!content) throw notFound();
    // Before the review row is made: a refusal on rank must leave nothing behind (not even a
    // queue item the moderator could not decide).
    requireOutranks(moderator, content.owner);
    const row = await this.repo.ensure(subject, content.owner.id, content.status, nowIso());
    if (row.status === decision.status) throw wrongStatus(row.status);
    return this.decide(moderator, row, decision);
  }

  /** The owner asks for a refused piece back: `updated`, in the queue again. */
  async restore(owner: UserRow, id: number): Promise<ContentReview> {
    const row = await this.repo.find(id);
    // Someone else's review is not found, as if it did not exist.
    if (!row || row.owner_id !== owner.id || !(await this.alive(row))) throw notFound();
    if (row.status !== 'refused') throw wrongStatus(row.status);
    await this.transition(row, async (trx) => {
      if (
        !(await this.repo.transition(trx, row.id, 'refused', { status: 'updated', at: nowIso() }))
      )
        throw new Moved();
      await this.repo.mirror(trx, subjectRef(row), 'updated');
    });
    return this.presentOne(row.id);
  }

  /** The moderation state of one owner's content, for their profile (owner and staff only). */
  async moderationOf(ownerId: number): Promise<{
    about: ContentModeration | null;
    photos: Map<number, ContentModeration>;
  }> {
    const rows = await this.repo.ofOwner(ownerId);
    const about = rows.find((r) => r.subject_type === 'about');
    return {
      about: about ? presentContentModeration(about) : null,
      photos: new Map(
        rows
          .filter((r) => r.subject_type === 'photo')
          .map((r) => [r.subject_id, presentContentModeration(r)]),
      ),
    };
  }

  private async decide(
    moderator: UserRow,
    row: ContentReviewRow,
    decision: Decision,
  ): Promise<ContentReview> {
    const owner = await this.repo.user(row.owner_id);
    if (!owner) throw notFound();
    requireOutranks(moderator, owner);
    const reason = decision.status === 'refused' ? (decision.comment ?? '').trim() : null;
    if (reason === '') throw invalid({ comment: ['reason_required'] });
    const subject = subjectRef(row);
    const restore = row.status === 'updated';
    // Read before the decision releases it: a held post's acceptance is news to its author.
    const wasHeld =
      subject.type === 'forum_post'
        ? (await this.repo.forumPost(subject.id))?.held === 1
        : isArt(subject)
          ? (await this.repo.artContent(subject))?.held === 1
          : false;
    await this.transition(row, async (trx) => {
      const moved = await this.repo.transition(trx, row.id, row.status, {
        status: decision.status,
        reason,
        moderatorId: moderator.id,
        at: nowIso(),
      });
      if (!moved) throw new Moved();
      await this.repo.mirror(trx, subject, decision.status);
      await this.log.record(
        {
          actorId: moderator.id,
          action: decision.status === 'refused' ? 'content.refuse' : 'content.accept',
          targetUserId: owner.id,
          subjectType: subject.type,
          subjectId: subject.id,
          comment: reason,
          data: { restore, from: row.status },
        },
        trx,
      );
    });
    await this.announce(owner, row, subject, decision.status, reason, wasHeld);
    return this.presentOne(row.id);
  }

  /** After a decision commits: the owner hears of it, open profiles refresh, the avatar goes. */
  private async announce(
    owner: UserRow,
    row: ContentReviewRow,
    subject: Subject,
    status: ModerationStatus,
    reason: string | null,
    wasHeld: boolean,
  ): Promise<void> {
    const forum =
      subject.type === 'forum_post'
        ? (await this.repo.forumPostsInThreads([subject.id])).get(subject.id)
        : undefined;
    const art = isArt(subject)
      ? (await this.repo.artItems([subject])).get(artKey(subject.type, subject.id))
      : undefined;
    // Accepting what was visible anyway changes nothing the owner sees: no need to tell them
    // (a held post was not visible: its release is news).
    if (!(status === 'accepted' && row.status === 'new' && !wasHeld))
      await this.ports.notify(owner.id, 'content', {
        subject_type: subject.type,
        subject_id: subject.id,
        status,
        reason,
        ...(forum ? { thread_slug: forum.thread.slug, thread_subject: forum.thread.subject } : {}),
        ...(art
          ? { post_id: art.post.id, post_slug: art.post.slug, post_title: art.post.title }
          : {}),
      });
    if (subject.type === 'forum_post') {
      await this.forum?.postDecided(subject.id);
      return;
    }
    if (isArt(subject)) {
      await this.art?.decided(subject, status);
      return;
    }
    const fresh = (await this.repo.user(owner.id)) ?? owner;
    if (status === 'refused' && subject.type === 'photo' && fresh.avatar_photo_id === subject.id)
      await this.ports.removeAvatar(fresh);
    else this.events.emit('user.updated', { user: presentPublicUser(fresh) });
  }

  /** Runs a status change; a change someone else made first becomes the 422 of its status. */
  private async transition(
    row: ContentReviewRow,
    work: Parameters<ContentReviewsRepository['transaction']>[0],
  ): Promise<void> {
    try {
      await this.repo.transaction(work);
    } catch (error) {
      if (!(error instanceof Moved)) throw error;
      const now = await this.repo.find(row.id);
      throw wrongStatus(now?.status ?? row.status);
    }
  }

  /** The content a subject names, its owner, and the status its row holds. */
  private async content(
    subject: Subject,
  ): Promise<{ owner: UserRow; status: ModerationStatus } | null> {
    if (subject.type === 'forum_post') {
      const post = await this.repo.forumPost(subject.id);
      const owner = post?.author_id ? await this.repo.user(post.author_id) : undefined;
      return post && owner ? { owner, status: statusOf(post.status) } : null;
    }
    if (subject.type === 'photo') {
      const photo = await this.repo.photo(subject.id);
      const owner = photo ? await this.repo.user(photo.user_id) : undefined;
      return photo && owner ? { owner, status: statusOf(photo.status) } : null;
    }
    if (isArt(subject)) {
      const art = await this.repo.artContent(subject);
      const owner = art?.authorId ? await this.repo.user(art.authorId) : undefined;
      return art && owner ? { owner, status: statusOf(art.status) } : null;
    }
    const owner = await this.repo.user(subject.id);
    if (!owner || owner.about === null || owner.about === '') return null;
    return { owner, status: statusOf(owner.about_status) };
  }

  private async alive(row: ContentReviewRow): Promise<boolean> {
    const content = await this.content(subjectRef(row));
    return content !== null && content.owner.id === row.owner_id;
  }

  private async presentOne(id: number): Promise<ContentReview> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const [review] = await this.present([row]);
    return review!;
  }

  private async present(rows: ContentReviewRow[]): Promise<ContentReview[]> {
    const [users, attachments, forumPosts, art] = await Promise.all([
      this.repo.users(
        rows.flatMap((r) =>
          r.moderator_id !== null ? [r.owner_id, r.moderator_id] : [r.owner_id],
        ),
      ),
      this.repo.photoAttachments(
        rows.filter((r) => r.subject_type === 'photo').map((r) => r.subject_id),
      ),
      this.repo.forumPostsInThreads(
        rows.filter((r) => r.subject_type === 'forum_post').map((r) => r.subject_id),
      ),
      this.repo.artItems(rows.map((r) => ({ type: r.subject_type, id: r.subject_id }))),
    ]);
    return rows.map((r) => presentContentReview(r, { users, attachments, forumPosts, art }));
  }
}

function requireModerator(user: UserRow): void {
  if (!hasPermission(user, 'content.moderate')) throw forbidden();
}

/** Staff content is judged by someone above them; nobody judges their own (the policy's). */
function requireOutranks(moderator: UserRow, owner: UserRow): void {
  if (!contentReview.canJudge(viewerOf(moderator), owner)) throw forbidden('moderation.outranked');
}

const isArt = (subject: Subject): subject is Subject & { type: 'art_post' | 'art_comment' } =>
  subject.type === 'art_post' || subject.type === 'art_comment';

const subjectRef = (row: ContentReviewRow): Subject => ({
  type: subjectOf(row.subject_type) satisfies ContentSubject,
  id: row.subject_id,
});
