import {
  CONTENT_SUBJECTS,
  MODERATION_STATUSES,
  type ContentModeration,
  type ContentReview,
  type ContentSubject,
  type ModerationStatus,
} from '@chat/shared';
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
}

/** A review with its content as it is now (the owner's text, or the photo's upload). */
export function presentContentReview(row: ContentReviewRow, ctx: ReviewContext): ContentReview {
  const owner = ctx.users.get(row.owner_id);
  if (!owner) throw new Error(`content review ${row.id} without its owner`);
  const moderator = row.moderator_id !== null ? ctx.users.get(row.moderator_id) : undefined;
  const subject = subjectOf(row.subject_type);
  const attachment = subject === 'photo' ? ctx.attachments.get(row.subject_id) : undefined;
  return {
    id: row.id,
    subject_type: subject,
    subject_id: row.subject_id,
    owner: presentPublicUser(owner),
    status: statusOf(row.status),
    reason: row.reason,
    moderator: moderator ? presentPublicUser(moderator) : null,
    text: subject === 'about' ? owner.about : null,
    attachment: attachment ? presentAttachment(attachment) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The short form shown on profiles to the owner and to moderators. */
export function presentContentModeration(row: ContentReviewRow): ContentModeration {
  return { review_id: row.id, status: statusOf(row.status), reason: row.reason };
}
