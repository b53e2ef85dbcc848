import { z } from 'zod';
import { CLIENT_ID_PATTERN, REACTIONS } from '../chat/constants';
import { reactionSchema } from '../chat/wire';
import { MODERATION_STATUSES } from '../moderation/wire';
import { idField, plainText, formBoolean } from '../schemas/fields';
import { pageMetaSchema } from '../schemas/paging';
import { publicUser } from '../schemas/public-user';
import { attachmentSchema } from '../uploads/wire';
import {
  FORUM_ATTACHMENTS_MAX,
  FORUM_POST_MAX,
  FORUM_SUBJECT_MAX,
  FORUM_THREAD_SORTS,
} from './constants';

/**
 * The forum on the wire (API.md "Forum"). Names and descriptions of categories arrive in the
 * caller's language (X-Localization); the admin area reads and writes `name_ru`/`name_en`.
 */

const ts = z.string();
const id = z.number().int();

/** The newest post of a category or a thread, as lists show it. */
export const forumLastPostSchema = z.object({
  post_id: id,
  thread: z.object({ id, slug: z.string(), subject: z.string() }),
  author: publicUser.nullable(),
  created_at: ts,
});
export type ForumLastPost = z.infer<typeof forumLastPostSchema>;

export const forumCategorySchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: id,
  threads_count: id,
  posts_count: id,
  last_post: forumLastPostSchema.nullable(),
  /** Whether the viewer may start a thread here (registered, not sanctioned, the category's rule). */
  can_start: z.boolean(),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;

export const forumThreadSchema = z.object({
  id,
  slug: z.string(),
  subject: z.string(),
  category: z.object({ id, slug: z.string(), name: z.string() }),
  author: publicUser.nullable(),
  /** Posts the viewer may see, the first included. */
  posts_count: id,
  views: id,
  last_post: forumLastPostSchema.nullable(),
  pinned: z.boolean(),
  locked: z.boolean(),
  /** Moderation status of its first post (`new`, `accepted`, `refused`, `updated`). */
  status: z.enum(MODERATION_STATUSES),
  /** Posts since the viewer last read it (0 for guests and for what they have read). */
  unread: id,
  /** Never opened by this signed-in viewer. */
  is_new: z.boolean(),
  created_at: ts,
});
export type ForumThread = z.infer<typeof forumThreadSchema>;

export const forumPostAbilitiesSchema = z.object({
  reply: z.boolean(),
  quote: z.boolean(),
  react: z.boolean(),
  /** The author within FORUM_EDIT_WINDOW_MS, or a moderator. */
  edit: z.boolean(),
  delete: z.boolean(),
  complain: z.boolean(),
  /** See the texts it had before its edits (moderators). */
  history: z.boolean(),
});
export type ForumPostAbilities = z.infer<typeof forumPostAbilitiesSchema>;

export const forumPostSchema = z.object({
  id,
  thread_id: id,
  /** 1 for the thread's first post, then in order. */
  number: id,
  author: publicUser.nullable(),
  /** The Markdown as written (for quoting and editing). */
  text: z.string(),
  /** The server's sanitized rendering of `text` (smileys, safe links); the only HTML shown. */
  html: z.string(),
  attachments: z.array(attachmentSchema),
  reply_to: z
    .object({ id, number: id, author: publicUser.nullable(), excerpt: z.string().nullable() })
    .nullable(),
  reactions: z.array(reactionSchema),
  status: z.enum(MODERATION_STATUSES),
  /** Held for review (a new account's first posts): seen only by its author and moderators. */
  held: z.boolean(),
  created_at: ts,
  edited_at: ts.nullable(),
  /** Absent on the socket (one payload for every reader); the web derives them then. */
  abilities: forumPostAbilitiesSchema.optional(),
});
export type ForumPost = z.infer<typeof forumPostSchema>;

export const forumThreadPageSchema = z.object({
  thread: forumThreadSchema.extend({
    watching: z.boolean(),
    abilities: z.object({ reply: z.boolean(), moderate: z.boolean(), watch: z.boolean() }),
    /** The first post the viewer had not read, on this page or later (null: none). */
    first_unread_post_id: id.nullable(),
  }),
  data: z.array(forumPostSchema),
  meta: pageMetaSchema,
});
export type ForumThreadPage = z.infer<typeof forumThreadPageSchema>;

export const forumCategoryPageSchema = z.object({
  category: forumCategorySchema,
  data: z.array(forumThreadSchema),
  meta: pageMetaSchema,
});
export type ForumCategoryPage = z.infer<typeof forumCategoryPageSchema>;

// ---- requests ----------------------------------------------------------------------------

const postText = z.string().max(FORUM_POST_MAX).pipe(plainText).pipe(z.string().trim().min(1));
const attachments = z.array(idField).max(FORUM_ATTACHMENTS_MAX).default([]);
const clientId = z.string().regex(CLIENT_ID_PATTERN);

export const createThreadBody = z.object({
  subject: z.string().max(FORUM_SUBJECT_MAX).pipe(plainText).pipe(z.string().trim().min(1)),
  text: postText,
  attachments,
  client_id: clientId,
});
export type CreateThreadBody = z.infer<typeof createThreadBody>;

export const createPostBody = z.object({
  text: postText,
  attachments,
  reply_to: idField.optional(),
  client_id: clientId,
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export const editPostBody = z.object({ text: postText, attachments: attachments.optional() });
export type EditPostBody = z.infer<typeof editPostBody>;

export const moderateThreadBody = z
  .object({
    pinned: formBoolean.optional(),
    locked: formBoolean.optional(),
    /** The slug of the category to move it to. */
    category: z.string().max(100).optional(),
    deleted: formBoolean.optional(),
    subject: z
      .string()
      .max(FORUM_SUBJECT_MAX)
      .pipe(plainText)
      .pipe(z.string().trim().min(1))
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'nothing_to_change' });
export type ModerateThreadBody = z.infer<typeof moderateThreadBody>;

export const forumCategoryQuery = z.object({
  sort: z.enum(FORUM_THREAD_SORTS).default('activity'),
});

export const forumReactionBody = z.object({ reaction: z.enum(REACTIONS) });

// ---- events on forum-thread.{id} ---------------------------------------------------------

export const forumPostStoredEventSchema = z.object({ thread_id: id, post: forumPostSchema });
export type ForumPostStoredEvent = z.infer<typeof forumPostStoredEventSchema>;

/** An edit, or moderation accepting it: the post as everyone now sees it (no abilities). */
export const forumPostUpdatedEventSchema = forumPostStoredEventSchema;
export type ForumPostUpdatedEvent = z.infer<typeof forumPostUpdatedEventSchema>;

/** Deleted, or taken from everyone by moderation (refused): readers drop it. */
export const forumPostDeletedEventSchema = z.object({ thread_id: id, post_id: id });
export type ForumPostDeletedEvent = z.infer<typeof forumPostDeletedEventSchema>;

/** A moderator pinned, locked, moved, renamed or deleted the thread. */
export const forumThreadUpdatedEventSchema = z.object({
  thread_id: id,
  subject: z.string(),
  pinned: z.boolean(),
  locked: z.boolean(),
  deleted: z.boolean(),
  /** Where it now is (a move); its name comes from the categories in the reader's language. */
  category: z.object({ id, slug: z.string() }),
});
export type ForumThreadUpdatedEvent = z.infer<typeof forumThreadUpdatedEventSchema>;
