import { z } from 'zod';
import { BAN_PERIOD_KEYS, BAN_REASONS, BAN_TYPES } from '../rules/bans';
import { TABOO_TOPICS } from '../rules/taboo';
import { idField, plainText } from '../schemas/fields';
import { publicUser } from '../schemas/public-user';
import { attachmentSchema } from '../uploads/wire';

/**
 * Moderation, complaints and appeals on the wire (API.md "Moderation and complaints"). Request
 * schemas are the handlers' validation; answer schemas are what both ends read.
 */

/** Ids in bodies: a JSON integer or decimal digits from a form (never hex, spaces or floats). */
const id = idField;
/** Free text of staff and reporters: ban and review comments, complaint texts and comments. */
const commentOf = (min: number) => plainText.pipe(z.string().trim().min(min).max(1000));
const comment = commentOf(0);

/** What was reported or sanctioned, as it was at that moment (kept even if deleted later). */
export const evidenceSchema = z.object({
  kind: z.enum([
    'message',
    'im_message',
    'user',
    'photo',
    'about',
    'ban',
    'gift',
    'forum_post',
    'art_post',
    'art_comment',
  ]),
  id: z.number().int(),
  author: publicUser.nullable(),
  text: z.string().nullable(),
  attachments: z.array(attachmentSchema),
  room_id: z.number().int().nullable(),
  channel_id: z.number().int().nullable(),
  created_at: z.string().nullable(),
  /** A forum post's thread, to link to it (`/forum/thread/{slug}?post={id}`). */
  thread: z
    .object({ id: z.number().int(), slug: z.string(), subject: z.string() })
    .nullable()
    .optional(),
  /** An art post's or comment's post, to link to it (`/art/post/{slug}`). */
  art_post: z
    .object({ id: z.number().int(), slug: z.string(), title: z.string() })
    .nullable()
    .optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

// ---- sanctions -----------------------------------------------------------------------------

export const banBody = z
  .object({
    user_id: id,
    type: z.enum(BAN_TYPES),
    period: z.enum(BAN_PERIOD_KEYS),
    reason: z.enum(BAN_REASONS),
    taboo: z.enum(TABOO_TOPICS).optional(),
    comment: comment.optional(),
    message_id: id.optional(),
  })
  .refine((b) => (b.reason === 'taboo') === (b.taboo !== undefined), {
    path: ['taboo'],
    message: 'taboo_with_reason',
  });
export type BanBody = z.infer<typeof banBody>;

export const banSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: publicUser,
  type: z.enum(BAN_TYPES),
  /** 1 gag, 2 ban, 3 full ban (spec "Ban record: user_id, type_id"). */
  type_id: z.number().int(),
  period: z.enum(BAN_PERIOD_KEYS),
  reason: z.enum(BAN_REASONS),
  taboo: z.enum(TABOO_TOPICS).nullable(),
  /** The moderator's note; shown to the sanctioned person and to staff. */
  comment: z.string().nullable(),
  /** Null when the site hides moderators' names from the sanctioned person. */
  moderator: publicUser.nullable(),
  evidence: evidenceSchema.nullable(),
  created_at: z.string(),
  /** Null: forever. */
  expires_at: z.string().nullable(),
  lifted_at: z.string().nullable(),
  lifted_by: publicUser.nullable(),
  /** `early` (a moderator lifted it), `appeal` (an accepted appeal), `role` (made staff). */
  lift_reason: z.enum(['early', 'appeal', 'role']).nullable(),
  /** The appeal against this ban, if any. */
  appeal: z.object({ id: z.number().int(), status: z.string() }).nullable(),
});
export type BanWire = z.infer<typeof banSchema>;

/** `UserBanned` on `private-chat`: enough for every client; details are the person's own. */
export const userBannedEventSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  type: z.enum(BAN_TYPES),
  type_id: z.number().int(),
  expires_at: z.string().nullable(),
});
export type UserBannedEvent = z.infer<typeof userBannedEventSchema>;

/** GET /api/my/ban and user data's `gag` / `ban`: the caller's active sanctions. */
export const myBanSchema = z.object({ gag: banSchema.nullable(), ban: banSchema.nullable() });
export type MyBan = z.infer<typeof myBanSchema>;

export const warningBody = z
  .object({
    user_id: id,
    reason: z.enum(BAN_REASONS),
    taboo: z.enum(TABOO_TOPICS).optional(),
    comment: comment.optional(),
    message_id: id.optional(),
  })
  .refine((b) => (b.reason === 'taboo') === (b.taboo !== undefined), {
    path: ['taboo'],
    message: 'taboo_with_reason',
  });
export type WarningBody = z.infer<typeof warningBody>;

export const warningSchema = z.object({
  id: z.number().int(),
  user: publicUser,
  reason: z.enum(BAN_REASONS),
  taboo: z.enum(TABOO_TOPICS).nullable(),
  comment: z.string().nullable(),
  moderator: publicUser.nullable(),
  evidence: evidenceSchema.nullable(),
  created_at: z.string(),
});
export type WarningWire = z.infer<typeof warningSchema>;

/** GET /api/moderation/users/{id}: what a moderator needs to sanction someone in two clicks. */
export const sanctionSummarySchema = z.object({
  user: publicUser,
  /** Bans, gags and warnings of the last VIOLATION_MEMORY_DAYS days. */
  recent_violations: z.number().int(),
  /** All of them, ever (the profile's statistic). */
  violations: z.number().int(),
  suggested_period: z.enum(BAN_PERIOD_KEYS),
  gag: banSchema.nullable(),
  ban: banSchema.nullable(),
  troll: z.boolean(),
  /** False when the caller may not act on this user (an equal or better, or oneself). */
  can_sanction: z.boolean(),
});
export type SanctionSummary = z.infer<typeof sanctionSummarySchema>;

export const banListQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .transform(Number)
    .optional(),
  status: z.enum(['active', 'past', 'all']).optional(),
  moderator_id: id.optional(),
  user_id: id.optional(),
  reason: z.enum(BAN_REASONS).optional(),
  type: z.enum(BAN_TYPES).optional(),
});

// ---- roles ---------------------------------------------------------------------------------

export const roleBody = z.object({ role: z.enum(['user', 'moderator', 'admin']) });

// ---- content moderation (profile texts and photos now; forum and art later) -----------------

export const MODERATION_STATUSES = ['new', 'accepted', 'refused', 'updated'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
export const CONTENT_SUBJECTS = [
  'about',
  'photo',
  'forum_post',
  'art_post',
  'art_comment',
] as const;
export type ContentSubject = (typeof CONTENT_SUBJECTS)[number];

/** A piece of content under moderation (one row per piece; its id is the queue item's id). */
export const contentReviewSchema = z.object({
  id: z.number().int(),
  subject_type: z.enum(CONTENT_SUBJECTS),
  subject_id: z.number().int(),
  owner: publicUser,
  status: z.enum(MODERATION_STATUSES),
  /** Why it was refused (shown to the owner). */
  reason: z.string().nullable(),
  moderator: publicUser.nullable(),
  /** The content as it is now: the text (a forum post's Markdown, cut short), or the photo. */
  text: z.string().nullable(),
  attachment: attachmentSchema.nullable(),
  /** A forum post's place: its thread (linked as /forum/thread/{slug}?post={post_id}). */
  forum_post: z
    .object({
      post_id: z.number().int(),
      number: z.number().int(),
      thread_id: z.number().int(),
      thread_slug: z.string(),
      thread_subject: z.string(),
      /** Held for review: nobody but its author and moderators sees it yet. */
      held: z.boolean(),
    })
    .nullable(),
  /**
   * An art post's or comment's place: the post (linked as /art/post/{post_slug}); null for
   * other subjects.
   */
  art: z
    .object({
      post_id: z.number().int(),
      post_slug: z.string(),
      post_title: z.string(),
      /** The comment's id (subject `art_comment`), null for the post itself. */
      comment_id: z.number().int().nullable(),
      /** Held for review: nobody but its author and moderators sees it yet. */
      held: z.boolean(),
    })
    .nullable()
    .optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentReview = z.infer<typeof contentReviewSchema>;

/** On profiles: the moderation state of a text or photo, for its owner and for moderators. */
export const contentModerationSchema = z.object({
  review_id: z.number().int(),
  status: z.enum(MODERATION_STATUSES),
  reason: z.string().nullable(),
});
export type ContentModeration = z.infer<typeof contentModerationSchema>;

export const queueDecisionBody = z
  .object({ status: z.enum(['accepted', 'refused']), comment: comment.optional() })
  .refine((b) => b.status !== 'refused' || (b.comment ?? '').length > 0, {
    path: ['comment'],
    message: 'reason_required',
  });
export type QueueDecision = z.infer<typeof queueDecisionBody>;

/** `POST /api/moderation/content`: a decision straight from a profile (any current status). */
export const contentDecisionBody = z
  .object({
    subject_type: z.enum(CONTENT_SUBJECTS),
    subject_id: id,
    status: z.enum(['accepted', 'refused']),
    comment: comment.optional(),
  })
  .refine((b) => b.status !== 'refused' || (b.comment ?? '').length > 0, {
    path: ['comment'],
    message: 'reason_required',
  });
export type ContentDecision = z.infer<typeof contentDecisionBody>;

// ---- complaints and appeals ------------------------------------------------------------------

/** `gift`: a received gift's text (its sender is the accused; issue 19, point 5). */
export const COMPLAINT_TARGETS = [
  'message',
  'im_message',
  'user',
  'photo',
  'gift',
  'forum_post',
  'art_post',
  'art_comment',
  'ban',
] as const;
export type ComplaintTarget = (typeof COMPLAINT_TARGETS)[number];
export const COMPLAINT_REASONS = [
  'insult',
  'spam',
  'flood',
  'profanity',
  'adult',
  'taboo',
  'fraud',
  'other',
] as const;
/** Reasons of an appeal (a complaint whose target is the person's own ban). */
export const APPEAL_REASONS = ['mistake', 'too_harsh', 'other'] as const;
export const COMPLAINT_STATUSES = ['open', 'taken', 'accepted', 'refused'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_TABS = ['mine', 'open', 'closed'] as const;
/** Complaints a person may file an hour (appeals included). */
export const COMPLAINTS_PER_HOUR = 10;

export const complaintBody = z.object({
  target_type: z.enum(COMPLAINT_TARGETS),
  target_id: id,
  reason: z.enum([...COMPLAINT_REASONS, ...APPEAL_REASONS]),
  text: comment.optional(),
});
export type ComplaintBody = z.infer<typeof complaintBody>;

export const complaintCommentSchema = z.object({
  id: z.number().int(),
  /** Null for a staff author when the site hides moderators' names from the reporter. */
  author: publicUser.nullable(),
  /** True when the author handled it as staff (shown as "moderator" to the reporter). */
  staff: z.boolean(),
  text: z.string(),
  created_at: z.string(),
});
export type ComplaintComment = z.infer<typeof complaintCommentSchema>;

export const complaintSchema = z.object({
  id: z.number().int(),
  target_type: z.enum(COMPLAINT_TARGETS),
  target_id: z.number().int(),
  is_appeal: z.boolean(),
  reason: z.string(),
  text: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  /** The first reporter; duplicates of the same thing are merged into one complaint. */
  reporter: publicUser,
  reports_count: z.number().int(),
  /** Whose content or conduct it is about (for an appeal: the person appealing). */
  accused: publicUser.nullable(),
  assignee: publicUser.nullable(),
  resolver: publicUser.nullable(),
  resolution: z.string().nullable(),
  evidence: evidenceSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type ComplaintWire = z.infer<typeof complaintSchema>;

export const complaintDetailSchema = complaintSchema.extend({
  comments: z.array(complaintCommentSchema),
  /** For an appeal: the ban it is about. */
  ban: banSchema.nullable(),
  /** What the viewer may do now. */
  can: z.object({ take: z.boolean(), resolve: z.boolean(), comment: z.boolean() }),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const resolveBody = z.object({
  status: z.enum(['accepted', 'refused']),
  comment: comment.optional(),
});
export const complaintCommentBody = z.object({ text: commentOf(1) });

// ---- the log -------------------------------------------------------------------------------

export const MODERATION_ACTIONS = [
  'gag',
  'ban',
  'full_ban',
  'lift',
  'warn',
  'troll',
  'untroll',
  'content.accept',
  'content.refuse',
  'complaint.take',
  'complaint.accept',
  'complaint.refuse',
  'appeal.accept',
  'appeal.refuse',
  'role.change',
  /** A gift's text removed (issue 19, point 5). */
  'gift.remove_text',
  // The forum (issue 21): a moderator's changes to a thread, and deleting someone's post.
  'forum.pin',
  'forum.unpin',
  'forum.lock',
  'forum.unlock',
  'forum.move',
  'forum.rename',
  'forum.delete',
  'forum.restore',
  'forum.delete_post',
  // The art section (issue 22): deleting someone's post or comment.
  'art.delete_post',
  'art.delete_comment',
  // Video rooms: a moderator muted, unmuted or removed someone in a room's call (subject: room).
  'video.mute',
  'video.unmute',
  'video.remove',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationLogEntrySchema = z.object({
  id: z.number().int(),
  actor: publicUser,
  action: z.enum(MODERATION_ACTIONS),
  target_user: publicUser.nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

export const MODERATION_TABS = ['bans', 'queue', 'complaints', 'log'] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];
