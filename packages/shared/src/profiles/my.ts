import { z } from 'zod';
import { GENDERS, PASSWORD_MAX, PASSWORD_MIN } from '../schemas/auth';
import { formBoolean, idField, intField, plainText } from '../schemas/fields';
import { pageMetaSchema } from '../schemas/paging';
import { publicUser } from '../schemas/user';
import { NICK_WEIGHTS, GRADIENT_MAX } from '../rules/nick-style';
import { PROFILES_PAGE_SIZES } from './wire';

/**
 * Bodies and answers of the caller's own profile calls (`/api/my/*`, API.md "Profiles, friends,
 * notifications, devices"), the frames catalogue and the profiles lists.
 */

export const ABOUT_MAX = 2000;
/** Photos a user may keep (premium will raise it: see PhotosService.limitFor). */
export const PHOTOS_MAX = 20;
/** The side of the square avatar the server cuts, in pixels. */
export const AVATAR_SIZE = 256;
/** The smallest crop accepted, in source pixels. */
export const AVATAR_CROP_MIN = 32;

/** A frame of the catalogue (`GET /api/frames`). `url` is the SVG to draw around the avatar. */
export const frameSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  premium_only: z.boolean(),
});
export type Frame = z.infer<typeof frameSchema>;

/**
 * PATCH /api/my/nick: the whole style (the nick text itself does not change here); a field left
 * out takes its default (no colour, no gradient, default font and weight, upright). Forms send
 * numbers as digits, so weight and font_id take those too.
 */
/** A partial restyle: what is not sent keeps its current value (an empty body changes nothing). */
export const myNickBody = z.object({
  color: z.string().max(16).nullable().optional(),
  has_gradient: formBoolean.optional(),
  // Longer lists are refused before any colour is looked at (a gradient of 500 is 422).
  gradient: z
    .array(z.string().max(16))
    .max(GRADIENT_MAX, { message: 'nick.gradient_size' })
    .optional(),
  font_id: idField.nullable().optional(),
  weight: intField(100, 900)
    .refine((w) => (NICK_WEIGHTS as readonly number[]).includes(w), { message: 'invalid_value' })
    .nullable()
    .optional(),
  italic: formBoolean.optional(),
});
export type MyNickBody = z.infer<typeof myNickBody>;

export const myFrameBody = z.object({ frame_id: idField.nullable() });

export const myPhotoBody = z.object({ attachment_id: idField });

/** A square in the source picture's pixels. */
export const avatarCrop = z.object({
  x: intField(0, 100_000),
  y: intField(0, 100_000),
  size: intField(1, 100_000),
});
export type AvatarCrop = z.infer<typeof avatarCrop>;

/** Exactly one of `photo_id` (one of my photos) or `attachment_id` (my own complete upload). */
export const myAvatarBody = z
  .object({
    photo_id: idField.optional(),
    attachment_id: idField.optional(),
    crop: avatarCrop.optional(),
  })
  .refine((b) => (b.photo_id === undefined) !== (b.attachment_id === undefined), {
    path: ['photo_id'],
    message: 'required',
  });
export type MyAvatarBody = z.infer<typeof myAvatarBody>;

/**
 * How recent a session must be for an account without a password (made by signing in at another
 * site) to set its first password or delete itself: a sign-in this fresh stands in for the
 * password it cannot type, so a session left open somewhere cannot do either.
 */
export const RECENT_SIGN_IN_MINUTES = 15;

/**
 * The current password: required of an account that has one (the server answers `required`),
 * empty or absent for one that has none, which must have signed in recently instead.
 */
const currentPassword = z.string().max(PASSWORD_MAX).optional();

/** POST /api/my/password: change the password, or set the first one. */
export const myPasswordBody = z
  .object({
    password: currentPassword,
    new_password: z
      .string()
      .min(PASSWORD_MIN, { message: 'password.too_short' })
      .max(PASSWORD_MAX, { message: 'password.too_long' }),
    new_password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((b) => b.new_password === b.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: 'password.mismatch',
  });
export type MyPasswordBody = z.infer<typeof myPasswordBody>;

/** The form of an account that has a password: the current one is checked before sending. */
export const myPasswordChangeForm = myPasswordBody.refine((b) => (b.password ?? '') !== '', {
  path: ['password'],
  message: 'required',
});

/** DELETE /api/my/account. */
export const myAccountDeleteBody = z.object({ password: currentPassword });
export type MyAccountDeleteBody = z.infer<typeof myAccountDeleteBody>;

/** POST /api/my/partner/confirm and /decline: the person who named the caller. */
export const partnerAnswerBody = z.object({ user_id: idField });

/** The avatar answer: the caller as everybody sees them. */
export const myUserAnswer = z.object({ data: publicUser });

/** GET /api/profiles/{tab}: one row of a list. */
export const profileListItemSchema = z.object({
  user: publicUser,
  gender: z.enum(['male', 'female']).nullable(),
  age: z.number().int().nullable(),
  /** In a room now (an invisible user counts only for viewers who may see invisible users). */
  online: z.boolean(),
  /** Null while the user is invisible to the viewer, or never seen. */
  last_online: z.string().nullable(),
  registered_at: z.string(),
  /** Public messages this Moscow calendar month (tab `top`), else null. */
  month_messages: z.number().int().nullable(),
});
export type ProfileListItem = z.infer<typeof profileListItemSchema>;

export const profilesPageSchema = z.object({
  data: z.array(profileListItemSchema),
  meta: pageMetaSchema.extend({
    /** Tab `top`: the month counted, as UTC instants [from, to) of the Moscow month. */
    window: z.object({ month: z.string(), from: z.string(), to: z.string() }).nullable(),
    /** Tab `search`: more matched than PROFILES_SEARCH_COUNT_CAP, which `total` then is. */
    total_capped: z.boolean(),
  }),
});
export type ProfilesPage = z.infer<typeof profilesPageSchema>;

export const profilesQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { message: 'invalid_value' })
    .transform(Number)
    .optional(),
  per_page: z
    .enum(PROFILES_PAGE_SIZES.map(String) as [string, ...string[]], { message: 'invalid_value' })
    .transform(Number)
    .optional(),
  q: plainText.pipe(z.string().max(64)).optional(),
});

export const gendersEnum = z.enum(GENDERS);
