import {
  CONTENT_SUBJECTS,
  MODERATION_STATUSES,
  type ContentModeration,
  type ContentReview,
  type ContentSubject,
  type ModerationStatus,
} from '@chat/shared';
import type { ForumPostRow, ForumThreadRow } from '../../db/forum-schema';
import type { AttachmentRow, ContentReviewRow, UserRow } from '../../db/schema';
import { presentAttachment } from '../uploads/attachments.presenter';
import { presentPublicUser } from '../users/user.presenter';

export const statusOf = (value: string): ModerationStatus =>
  MODERATION_STATUSES.find((s) => s === value) ?? 'new';

export const subjectOf = (value: string): ContentSubject =>
  CONTENT_SUBJECTS.find((s) => s === value) ?? 'about';

/** What a review's presentation needs besides its row: the people and the photo uploads. */
export interface ReviewContext {
  users: Map<number, UserRow>;
  /** By photo id. */
  attachments: Map<number, AttachmentRow>;
  /** By forum post id. */
  forumPosts: Map<number, { post: ForumPostRow; thread: ForumThreadRow }>;
  /** By `art_post:{id}` or `art_comment:{id}` (artKey). */
  art: Map<string, ArtReviewItem>;
}

/** An art post or comment as the queue shows it: its words, first picture and post. */
export interface ArtReviewItem {
  text: string;
  attachment: AttachmentRow | null;
  post: { id: number; slug: string; title: string; held: boolean };
  commentId: number | null;
}

export const artKey = (type: string, id: number) => `${type}:${id}`;

/** How much of a forum post the queue shows (posts run to 20,000 characters). */
export const FORUM_EXCERPT_LENGTH = 1000;

const excerpt = (text: string): string =>
  text.length > FORUM_EXCERPT_LENGTH ? `${text.slice(0, FORUM_EXCERPT_LENGTH)}…` : text;

/** A review with its content as it is now (the owner's text, or the photo's upload). */
export function presentContentReview(row: ContentReviewRow, ctx: ReviewContext): ContentReview {
  const owner = ctx.users.get(row.owner_id);
  if (!owner) throw new Error(`content review ${row.id} without its owner`);
  const moderator = row.moderator_id !== null ? ctx.users.get(row.moderator_id) : undefined;
  const subject = subjectOf(row.subject_type);
  const attachment = subject === 'photo' ? ctx.attachments.get(row.subject_id) : undefined;
  const forum = subject === 'forum_post' ? ctx.forumPosts.get(row.subject_id) : undefined;
  const art = ctx.art.get(artKey(subject, row.subject_id));
  return {
    id: row.id,
    subject_type: subject,
    subject_id: row.subject_id,
    owner: presentPublicUser(owner),
    status: statusOf(row.status),
    reason: row.reason,
    moderator: moderator ? presentPublicUser(moderator) : null,
    text:
      subject === 'about'
        ? owner.about
        : forum
          ? excerpt(forum.post.text)
          : art
            ? excerpt(art.text)
            : null,
    attachment: attachment
      ? presentAttachment(attachment)
      : art?.attachment
        ? presentAttachment(art.attachment)
        : null,
    forum_post: forum
      ? {
          post_id: forum.post.id,
          number: forum.post.number,
          thread_id: forum.thread.id,
          thread_slug: forum.thread.slug,
          thread_subject: forum.thread.subject,
          held: forum.post.held === 1,
        }
      : null,
    art: art
      ? {
          post_id: art.post.id,
          post_slug: art.post.slug,
          post_title: art.post.title,
          comment_id: art.commentId,
          held: art.post.held && art.commentId === null,
        }
      : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The short form shown on profiles to the owner and to moderators. */
export function presentContentModeration(row: ContentReviewRow): ContentModeration {
  return { review_id: row.id, status: statusOf(row.status), reason: row.reason };
}
