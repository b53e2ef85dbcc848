import { z } from 'zod';
import { CLIENT_ID_PATTERN } from '../chat/constants';
import { MODERATION_STATUSES } from '../moderation/wire';
import { formBoolean, idField, plainText } from '../schemas/fields';
import { pageMetaSchema } from '../schemas/paging';
import { publicUser } from '../schemas/public-user';
import { attachmentSchema } from '../uploads/wire';
import {
  ART_COMMENT_MAX,
  ART_PICTURES_MAX,
  ART_PICTURES_MIN,
  ART_SORTS,
  ART_TEXT_MAX,
  ART_TITLE_MAX,
} from './constants';

/**
 * The art section on the wire (API.md "Art"). Group names and descriptions arrive in the
 * caller's language (X-Localization); the admin area reads and writes `name_ru`/`name_en`.
 */

const ts = z.string();
const id = z.number().int();

/**
 * A picture of a post: the upload's own fields (`url`, `thumb_url`, `width`, `height`, `adult`)
 * in the post's order. A grid shows `thumb_url` in a box of `width`/`height`'s proportions, so
 * nothing jumps while it loads; an adult one (`adult` 1) is blurred until clicked.
 */
export const artPictureSchema = attachmentSchema;
export type ArtPicture = z.infer<typeof artPictureSchema>;

export const artGroupSchema = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: id,
  /** Accepted posts the viewer may see. */
  posts_count: id,
  /** The first picture of the newest accepted post that is not adult, or null. */
  cover: artPictureSchema.nullable(),
  /** Whether the viewer may post here (registered, not sanctioned). */
  can_post: z.boolean(),
});
export type ArtGroup = z.infer<typeof artGroupSchema>;

/** A post as a gallery shows it: no text, the pictures as thumbnails. */
export const artPostCardSchema = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  group: z.object({ id, slug: z.string(), name: z.string() }),
  author: publicUser.nullable(),
  /** Every picture, in the post's order; a card shows the first and how many there are. */
  pictures: z.array(artPictureSchema),
  /** Any picture is 18+ (the author's mark or the classifier's). */
  adult: z.boolean(),
  likes_count: id,
  comments_count: id,
  /** The viewer likes it (false for guests). */
  liked: z.boolean(),
  status: z.enum(MODERATION_STATUSES),
  created_at: ts,
});
export type ArtPostCard = z.infer<typeof artPostCardSchema>;

export const artPostAbilitiesSchema = z.object({
  like: z.boolean(),
  comment: z.boolean(),
  /** The author, or a moderator. */
  edit: z.boolean(),
  delete: z.boolean(),
  complain: z.boolean(),
  /** Give the author a gift (the profile's gift dialog). */
  gift: z.boolean(),
});
export type ArtPostAbilities = z.infer<typeof artPostAbilitiesSchema>;

export const artCommentSchema = z.object({
  id,
  post_id: id,
  author: publicUser.nullable(),
  /** The Markdown as written. */
  text: z.string(),
  /** The server's sanitized rendering of `text`; the only HTML shown. */
  html: z.string(),
  status: z.enum(MODERATION_STATUSES),
  created_at: ts,
  edited_at: ts.nullable(),
  /** Absent on the socket (one payload for every reader). */
  abilities: z.object({ delete: z.boolean(), complain: z.boolean() }).optional(),
});
export type ArtComment = z.infer<typeof artCommentSchema>;

export const artPostSchema = artPostCardSchema.extend({
  text: z.string(),
  html: z.string(),
  edited_at: ts.nullable(),
  /** A few of the people who liked it, newest first (the hover card), at most 20. */
  liked_by: z.array(publicUser),
  /** The author's other accepted posts, newest first, at most 6. */
  more_by_author: z.array(artPostCardSchema),
  abilities: artPostAbilitiesSchema,
});
export type ArtPost = z.infer<typeof artPostSchema>;

export const artPostPageSchema = z.object({
  data: artPostSchema,
  comments: z.object({ data: z.array(artCommentSchema), meta: pageMetaSchema }),
});
export type ArtPostPage = z.infer<typeof artPostPageSchema>;

export const artGalleryPageSchema = z.object({
  /** The group (null: all groups). */
  group: artGroupSchema.nullable(),
  data: z.array(artPostCardSchema),
  meta: pageMetaSchema,
});
export type ArtGalleryPage = z.infer<typeof artGalleryPageSchema>;

export const artLikeSchema = z.object({ likes_count: id, liked: z.boolean() });
export type ArtLike = z.infer<typeof artLikeSchema>;

// ---- requests ----------------------------------------------------------------------------

const clientId = z.string().regex(CLIENT_ID_PATTERN);
const title = z.string().max(ART_TITLE_MAX).pipe(plainText).pipe(z.string().trim().min(1));
/** A post's text may be empty: the pictures speak. */
const text = z.string().max(ART_TEXT_MAX).pipe(plainText).pipe(z.string().trim());
const pictures = z.array(idField).min(ART_PICTURES_MIN).max(ART_PICTURES_MAX);

export const artGalleryQuery = z.object({
  sort: z.enum(ART_SORTS).default('new'),
});

export const createArtPostBody = z.object({
  title,
  text: text.default(''),
  /** Upload ids in the order to show them: the caller's own complete `purpose=art` uploads. */
  attachments: pictures,
  adult: formBoolean.default(false),
  client_id: clientId,
});
export type CreateArtPostBody = z.infer<typeof createArtPostBody>;

export const editArtPostBody = z.object({
  title: title.optional(),
  text: text.optional(),
  attachments: pictures.optional(),
  adult: formBoolean.optional(),
});
export type EditArtPostBody = z.infer<typeof editArtPostBody>;

export const createArtCommentBody = z.object({
  text: z.string().max(ART_COMMENT_MAX).pipe(plainText).pipe(z.string().trim().min(1)),
  client_id: clientId,
});
export type CreateArtCommentBody = z.infer<typeof createArtCommentBody>;
