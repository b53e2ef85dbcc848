import {
  DEFAULT_CHAT_SETTINGS,
  isPremiumActive,
  type BanWire,
  type ChatSettings,
  type Gender,
  type Gif,
  type Smiley,
  type NotificationWire,
  type PremiumState,
  type NickStyle,
  type PublicUser,
  type SmileyGroup,
  type UserData,
  USER_PRIORITIES,
  pickSoundChoices,
} from '@chat/shared';
import { permissionsOf, rolesOf } from '../../access/permissions';
import type { UserRow } from '../../db/schema';

// Older imports keep working; new code asks access/ directly.
export {
  hasPermission,
  permissionsOf,
  rolesOf,
  type PermissionSubject,
} from '../../access/permissions';

export function parseSettings(json: string): ChatSettings {
  const stored = safeJson(json);
  const sound = stored.sound;
  return {
    ...DEFAULT_CHAT_SETTINGS,
    ...pickKnown(stored, DEFAULT_CHAT_SETTINGS),
    ...pickSoundChoices(stored),
    sound: typeof sound === 'string' || sound === null ? sound : DEFAULT_CHAT_SETTINGS.sound,
  };
}

export function presentNick(user: Pick<UserRow, 'nick' | 'nick_style'>): NickStyle {
  const style = safeJson(user.nick_style);
  return {
    nick: user.nick,
    color: typeof style.color === 'string' ? style.color : null,
    has_gradient: style.has_gradient === true,
    gradient: Array.isArray(style.gradient)
      ? style.gradient.filter((c) => typeof c === 'string')
      : [],
    font_id: typeof style.font_id === 'number' ? style.font_id : null,
    weight: typeof style.weight === 'number' ? style.weight : null,
    italic: style.italic === true,
  };
}

/** The columns presentPublicUser reads: a list of people selects these, not `users.*`. */
export const PUBLIC_USER_COLUMNS = [
  'id',
  'slug',
  'nick',
  'nick_style',
  'avatar',
  'frame',
  'premium_until',
  'role',
  'gender',
] as const satisfies readonly (keyof UserRow)[];
export type PublicUserRow = Pick<UserRow, (typeof PUBLIC_USER_COLUMNS)[number]>;

export function presentPublicUser(user: PublicUserRow): PublicUser {
  return {
    id: user.id,
    slug: user.slug,
    nick: presentNick(user),
    avatar: user.avatar,
    frame: user.frame,
    premium: isPremiumActive(user.premium_until),
    roles: rolesOf(user),
    gender: presentGender(user.gender),
  };
}

/** The profile's gender as the wire knows it; anything else stored reads as not given. */
export function presentGender(gender: string | null): Gender | null {
  return gender === 'male' || gender === 'female' ? gender : null;
}

/** A user's premium as the wire shows it (`until` stays after the end: the last one bought). */
export function presentPremium(user: Pick<UserRow, 'premium_until'>): PremiumState {
  return { active: isPremiumActive(user.premium_until), until: user.premium_until };
}

export interface UserDataContext {
  smileyGroups: SmileyGroup[];
  ignoredUsers?: number[];
  quotes?: number[];
  recentGifs?: Gif[];
  /** The smileys the user sent lately, newest first (features/catalog/recent-smileys.ts). */
  recentSmileys?: Smiley[];
  /** counters.im_unread_count: unread private messages from others. */
  imUnreadCount?: number;
  friends?: PublicUser[];
  /** The newest notifications, and counters.unread_notifications. */
  notifications?: NotificationWire[];
  unreadNotifications?: number;
  /** The user's own gag and ban in force (features/moderation). */
  gag?: BanWire | null;
  ban?: BanWire | null;
}

export function presentUserData(user: UserRow, ctx: UserDataContext): UserData {
  return {
    user: presentPublicUser(user),
    settings: parseSettings(user.settings),
    balance: user.balance,
    bonus: user.bonus,
    premium: presentPremium(user),
    gag: ctx.gag ?? null,
    ban: ctx.ban ?? null,
    frame: user.frame,
    friends: ctx.friends ?? [],
    notifications: ctx.notifications ?? [],
    recent_smileys: ctx.recentSmileys ?? [],
    recent_gifs: ctx.recentGifs ?? [],
    permissions: permissionsOf(user),
    smiley_groups: ctx.smileyGroups,
    roles: rolesOf(user),
    counters: {
      im_unread_count: ctx.imUnreadCount ?? 0,
      unread_notifications: ctx.unreadNotifications ?? 0,
    },
    ignored_users: ctx.ignoredUsers ?? [],
    quotes: ctx.quotes ?? [],
    user_priorities: [...USER_PRIORITIES],
    active_at: user.active_at,
    email: user.email,
    phone: user.phone,
  };
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function pickKnown<T extends object>(source: Record<string, unknown>, shape: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    if (Object.hasOwn(source, key) && typeof source[key] === typeof shape[key]) {
      out[key] = source[key] as T[typeof key];
    }
  }
  return out;
}
