import { z } from 'zod';
import { sentGiftSchema } from '../economy/wire';
import { contentModerationSchema } from '../moderation/wire';
import { MARITAL_STATUSES } from '../rules/marital';
import { NOTIFICATION_KINDS } from '../rules/notifications';
import type { nickStyle } from '../schemas/user';
import { publicUser } from '../schemas/user';
import { attachmentSchema } from '../uploads/wire';

/**
 * Profiles, friends, notifications and devices on the wire (API.md "Profiles, friends,
 * notifications, devices"). The handlers validate their bodies with schemas declared next to
 * these; this file holds what both ends read.
 */

/** A photo of a profile: an upload (purpose `photo`) kept in the owner's gallery. */
export const profilePhotoSchema = z.object({
  id: z.number().int(),
  attachment: attachmentSchema,
  /** Moderation status (spec: new, accepted, refused, updated). */
  status: z.enum(['new', 'accepted', 'refused', 'updated']),
  /** Its review, for the owner and for moderators (`content.moderate`); null for others. */
  moderation: contentModerationSchema.nullable(),
  created_at: z.string(),
});
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;

export const profileStatisticsSchema = z.object({
  /** Null when the user is invisible or hides it. */
  last_online: z.string().nullable(),
  public_messages: z.number().int(),
  private_messages: z.number().int(),
  registered_at: z.string(),
  /** Share of room visits during which the user went invisible, 0..100 (docs/api.md). */
  stealth_percent: z.number(),
  total_messages: z.number().int(),
  violations: z.number().int(),
});
export type ProfileStatistics = z.infer<typeof profileStatisticsSchema>;

export const profileSchema = z.object({
  user: publicUser,
  /** Null when empty, or refused (or awaiting a restore) and the viewer is not owner or staff. */
  about: z.string().nullable(),
  /** The about text's review, for the owner and for moderators; null for others. */
  about_moderation: contentModerationSchema.nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  /** Whole years, from the birthdate; the birthdate itself is not public. */
  age: z.number().int().nullable(),
  marital_status: z.enum(MARITAL_STATUSES).nullable(),
  /** Shown only once the partner confirmed. */
  partner: publicUser.nullable(),
  photos: z.array(profilePhotoSchema),
  /**
   * Received gifts, newest first (at most 50): private ones only for the recipient, an
   * anonymous sender null for all but moderators (`gifts.see_anonymous`).
   */
  gifts: z.array(sentGiftSchema),
  friends: z.array(publicUser),
  friends_count: z.number().int(),
  /** How many of the person's messages others keep as quotes (each once, none deleted). */
  quotes_kept_count: z.number().int(),
  /**
   * The person's art posts the viewer may see (the profile's art tab, `GET /api/art?user=`):
   * their accepted posts, and their own held or refused ones for themselves and staff. Always
   * sent by the server (optional only for older clients' fixtures).
   */
  art_posts_count: z.number().int().optional(),
  /** The viewer's relation: `friend`, `incoming` (they asked me), `outgoing` (I asked), or null. */
  friendship: z.enum(['friend', 'incoming', 'outgoing']).nullable(),
  is_friend: z.boolean(),
  ignoring: z.boolean(),
  is_self: z.boolean(),
  statistics: profileStatisticsSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** A spec kind, or one a later feature adds (rendered generically until it lands). */
  kind: z.union([z.enum(NOTIFICATION_KINDS), z.string()]),
  /** What happened: `{ type: 'friend_request' | 'friend_accepted' | 'partner_request' | 'mention' | 'new_device' | 'sign_in_locked' | 'password_reset', user?, ... }`; `sign_in_locked`: `{ minutes }`, sign-in closed after too many wrong passwords; `password_reset`: `{ name, browser, os, ip }` as `new_device`, the password set anew by a mailed link and every device signed out. */
  data: z.record(z.string(), z.unknown()),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationWire = z.infer<typeof notificationSchema>;

/** `Notification` on `private-user.{id}`: the new notification and the unread count. */
export interface NotificationEvent {
  notification: NotificationWire;
  unread: number;
}

/**
 * A device as its user agent names it, for the web to say in the interface's language
 * ("Chrome 131 на Windows", "Неизвестный браузер"): brand names, null when not recognised.
 */
export const devicePartsSchema = z.object({
  browser: z.string().nullable(),
  browser_version: z.string().nullable(),
  os: z.string().nullable(),
});
export type DeviceParts = z.infer<typeof devicePartsSchema>;

export const deviceSchema = devicePartsSchema.extend({
  id: z.number().int(),
  user_agent: z.string(),
  /** The same in English for other clients ("Chrome 131 on Windows"); the web uses the parts. */
  name: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const friendsListSchema = z.object({
  friends: z.array(publicUser),
  incoming: z.array(publicUser),
  outgoing: z.array(publicUser),
});
export type FriendsList = z.infer<typeof friendsListSchema>;

/** The spec's page sizes of the profiles lists. */
export const PROFILES_PAGE_SIZES = [50, 100, 200] as const;
/**
 * A nick search counts its matches up to this many: past it the page says "1000+" and pages
 * end there (a longer prefix finds the rest), so a one-letter search costs what a rare one does.
 */
export const PROFILES_SEARCH_COUNT_CAP = 1000;
export const PROFILE_TABS = ['online', 'new', 'top', 'search'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Identity events on `private-chat` (spec section 3 "Update events"). */
export interface AvatarUpdatedEvent {
  user_id: number;
  avatar: string;
}
export interface NickUpdatedEvent {
  user_id: number;
  nick: z.infer<typeof nickStyle>;
}
export interface FrameUpdatedEvent {
  userId: number;
  frame: string | null;
}
