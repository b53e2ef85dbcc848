import { z } from 'zod';
import { SMILEY_TAG_MAX_LENGTH } from '../rules/smileys';
import { formBoolean, idField, intField, plainText } from '../schemas/fields';

/** The admin area's smileys and fonts: wire schemas (API.md "Admin area"). */

/** What the tokenizer (rules/smileys.ts) reads between the hyphens of `-tag-`. */
export const SMILEY_TAG_PATTERN = new RegExp(`^[\\p{L}\\p{N}_]{1,${SMILEY_TAG_MAX_LENGTH}}$`, 'u');

/** A smiley picture's largest size: smileys are small, animated ones included. */
export const SMILEY_IMAGE_MAX_BYTES = 512 * 1024;
/** A WOFF2 font's largest size (the multipart form's own limit is 1 MB). */
export const FONT_FILE_MAX_BYTES = 1000 * 1024;

export const smileyTagField = z
  .string()
  .trim()
  .regex(SMILEY_TAG_PATTERN, { message: 'smiley.tag_format' });

const positionField = intField(0, 100_000);
const groupName = plainText.pipe(z.string().trim().min(1).max(64));
/** The `updated_at` the editor read: a change made since is a 409 `conflict`. */
const seenField = z.string().min(1).max(40);

export const adminSmileySchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  tag: z.string(),
  /** The picture's URL, as the chat's smiley dictionary has it. */
  file: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type AdminSmiley = z.infer<typeof adminSmileySchema>;

export const adminSmileyGroupSchema = z.object({
  id: z.number().int(),
  name_ru: z.string(),
  name_en: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
  smileys: z.array(adminSmileySchema),
});
export type AdminSmileyGroup = z.infer<typeof adminSmileyGroupSchema>;

export const smileyGroupBody = z.object({ name_ru: groupName, name_en: groupName });
export const smileyGroupPatchBody = z.object({
  name_ru: groupName.optional(),
  name_en: groupName.optional(),
  position: positionField.optional(),
  updated_at: seenField,
});
export type SmileyGroupPatch = z.infer<typeof smileyGroupPatchBody>;

/** The multipart form of a new smiley, besides its `image` file part. */
export const smileyCreateFields = z.object({ tag: smileyTagField, group_id: idField });

export const smileyPatchBody = z.object({
  tag: smileyTagField.optional(),
  group_id: idField.optional(),
  position: positionField.optional(),
  updated_at: seenField,
});
export type SmileyPatch = z.infer<typeof smileyPatchBody>;

/**
 * The new order after a drag and drop: every group's smileys in their order (a smiley may move
 * to another group), or the groups themselves in their order.
 */
export const smileyOrderBody = z.object({
  groups: z
    .array(z.object({ id: idField, smiley_ids: z.array(idField).max(1000) }))
    .max(200)
    .optional(),
  group_ids: z.array(idField).max(200).optional(),
});
export type SmileyOrder = z.infer<typeof smileyOrderBody>;

export const adminFontSchema = z.object({
  id: z.number().int(),
  font_family: z.string(),
  /** The WOFF2 file's URL; null for a font the browsers have themselves (Arial...). */
  url: z.string().nullable(),
  premium_only: z.boolean(),
  position: z.number().int(),
  /** Withdrawn (false): not offered any more, nicks that use it fall back to the default. */
  active: z.boolean(),
  /** How many people's nicks use it. */
  users: z.number().int(),
  updated_at: z.string(),
});
export type AdminFont = z.infer<typeof adminFontSchema>;

const fontFamily = plainText.pipe(
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    // It goes into CSS (`font-family`, `@font-face`): no quotes, semicolons or braces.
    .regex(/^[\p{L}\p{N} _-]+$/u, { message: 'font.family_format' }),
);

/** The multipart form of a new font, besides its `file` part (WOFF2). */
export const fontCreateFields = z.object({
  font_family: fontFamily,
  premium_only: formBoolean.optional(),
  position: positionField.optional(),
});

export const fontPatchBody = z.object({
  font_family: fontFamily.optional(),
  premium_only: formBoolean.optional(),
  position: positionField.optional(),
  /** true brings a withdrawn font back. */
  active: formBoolean.optional(),
  updated_at: seenField,
});
export type FontPatch = z.infer<typeof fontPatchBody>;

/** DELETE of a font: gone, or withdrawn because nicks use it. */
export const fontDeleteResult = z.object({ deleted: z.boolean(), withdrawn: z.boolean() });
