import { z } from 'zod';
import { gifCategorySchema, gifSchema } from '../gifs/wire';
import { soundChoicesSchema } from '../admin/media';
import { banSchema } from '../moderation/wire';
import { publicUser } from './public-user';
import { initPagesFields } from '../admin/pages';

export { nickStyle, publicUser, type NickStyle, type PublicUser } from './public-user';

export const chatSettingsSchema = z.object({
  show_avatars: z.boolean(),
  show_gradients: z.boolean(),
  show_guests: z.boolean(),
  show_time: z.boolean(),
  show_trolls: z.boolean(),
  mute: z.boolean(),
  notification_new_message: z.number(),
  notification_volume: z.number(),
  sound: z.string().nullable(),
  ...soundChoicesSchema.shape,
});

export const smileySchema = z.object({ id: z.number().int(), tag: z.string(), file: z.string() });
export const smileyGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  smileys: z.array(smileySchema),
});
export type Smiley = z.infer<typeof smileySchema>;
export type SmileyGroup = z.infer<typeof smileyGroupSchema>;

/** Everything the client keeps about the signed-in user (API.md "User data"). */
export const userData = z.object({
  user: publicUser,
  settings: chatSettingsSchema,
  balance: z.number(),
  bonus: z.number(),
  premium: z.object({ active: z.boolean(), until: z.string().nullable() }),
  /** The caller's active gag and ban (a full ban is a ban), as GET /api/my/ban gives them. */
  gag: banSchema.nullable(),
  ban: banSchema.nullable(),
  frame: z.string().nullable(),
  friends: z.array(publicUser),
  notifications: z.array(z.unknown()),
  recent_smileys: z.array(smileySchema),
  /** The GIFs the user sent lately, newest first (at most RECENT_GIFS_MAX). */
  recent_gifs: z.array(gifSchema),
  permissions: z.array(z.string()),
  smiley_groups: z.array(smileyGroupSchema),
  roles: z.array(z.string()),
  counters: z.object({ im_unread_count: z.number().int(), unread_notifications: z.number().int() }),
  ignored_users: z.array(z.number().int()),
  quotes: z.array(z.number().int()),
  user_priorities: z.array(z.string()),
  active_at: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type UserData = z.infer<typeof userData>;

export const fontSchema = z.object({
  id: z.number().int(),
  font_family: z.string(),
  /** A WOFF2 file the web loads with @font-face (admin-uploaded fonts); absent: a system font. */
  url: z.string().nullable().optional(),
  premium_only: z.boolean().optional(),
});
export type Font = z.infer<typeof fontSchema>;

export const broadcastingSchema = z.object({
  key: z.string(),
  ws_host: z.string(),
  ws_port: z.number().int(),
  force_tls: z.boolean(),
  auth_endpoint: z.string(),
});

/** GET /api/init?platform=pc */
export const initData = z.object({
  fonts: z.array(fontSchema),
  gif_categories: z.array(gifCategorySchema),
  storage: z.string(),
  trolls: z.array(z.number().int()),
  user: userData.nullable(),
  broadcasting: broadcastingSchema,
  ...initPagesFields,
});
export type InitData = z.infer<typeof initData>;

/** A static page (privacy policy, agreement), editable by admins. */
export const pageSchema = z.object({
  slug: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
  /** The body's Markdown rendered and sanitized by the server (features/admin/pages). */
  html: z.string().optional(),
  updated_at: z.string(),
});
export type Page = z.infer<typeof pageSchema>;
