import type { Kysely } from 'kysely';
import type { ModerationStatus } from '@chat/shared';
import type { DB } from '../../db/schema';

/** A forum post just written or edited, as the forum's write tells moderation of it. */
export interface ForumPostWrite {
  postId: number;
  threadId: number;
  ownerId: number;
  /** The thread's first post: the thread's own status and hold follow it. */
  isFirst: boolean;
  at: string;
}

/** What moderation made of it (already written onto the post's and the thread's rows). */
export interface ForumPostReview {
  status: ModerationStatus;
  /** Seen by nobody but its author and moderators until accepted: count it nowhere. */
  held: boolean;
}

/** An art post or comment just written or edited, as the art section tells moderation of it. */
export interface ArtWrite {
  type: 'art_post' | 'art_comment';
  id: number;
  ownerId: number;
  at: string;
}

/**
 * What the content writes tell content moderation (post-moderation: a piece is visible while it
 * waits). Each call runs inside the transaction of the content write, so the content and its
 * review never disagree. Implemented by features/moderation; `features/my` and
 * `features/forum` know only this.
 */
export interface ContentSubmissions {
  /** The about text changed; null (cleared) takes it out of the queue. */
  aboutChanged(trx: Kysely<DB>, userId: number, about: string | null, at: string): Promise<void>;
  /** A photo was added to the gallery. */
  photoAdded(trx: Kysely<DB>, userId: number, photoId: number, at: string): Promise<void>;
  /** A photo was deleted: nothing is left to review. */
  photoDeleted(trx: Kysely<DB>, photoId: number): Promise<void>;
  /**
   * A forum post was inserted (call it right after the insert, before the counters: count the
   * post only when `held` is false). Queues it as `new`; holds it while its author has fewer
   * accepted posts than the site setting FORUM_HOLD_FIRST_POSTS_SETTING (moderators never).
   */
  forumPostWritten(trx: Kysely<DB>, write: ForumPostWrite): Promise<ForumPostReview>;
  /**
   * A forum post's text changed: queued again (`new`, or `updated` when it had been refused and
   * stays hidden until a moderator decides). Its hold stays as it was; no counter changes.
   */
  forumPostEdited(trx: Kysely<DB>, write: ForumPostWrite): Promise<ForumPostReview>;
  /**
   * An art post or comment was written or edited: queued (`new`, or `updated` after a
   * refusal), the status copied onto its row. A new post is held as a new forum post is (the
   * same site setting, counting the author's accepted art posts); a comment is never held; an
   * edit keeps the hold as it was.
   */
  artWritten(trx: Kysely<DB>, write: ArtWrite, isNew: boolean): Promise<ForumPostReview>;
}
