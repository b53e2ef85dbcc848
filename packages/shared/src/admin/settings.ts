import { z } from 'zod';
import { DAILY_BONUS_COINS } from '../economy/money';
import { PREMIUM_PLANS, PREMIUM_UPLOAD_MAX_BYTES, premiumPriceSetting } from '../economy/premium';
import { PERMISSIONS, REGISTERED_PERMISSION, type Permission } from '../moderation/permissions';
import { ROLES, type Role } from '../roles';
import { UPLOAD_MAX_BYTES } from '../uploads/constants';
import { VIDEO_CAP_DEFAULT, VIDEO_CAP_MAX } from '../video/constants';

/** The admin area's settings and permission table: wire schemas (API.md "Admin area"). */

type Text = { en: string; ru: string };

interface SettingBase {
  group: 'chat' | 'economy' | 'access' | 'moderation';
  label: Text;
  help: Text;
}
export interface IntegerSetting extends SettingBase {
  type: 'integer';
  min: number;
  max: number;
  default: number;
}
export interface BooleanSetting extends SettingBase {
  type: 'boolean';
  default: boolean;
}
/** A public room's id, or null: the first public room by position. */
export interface RoomSetting extends SettingBase {
  type: 'room';
  default: null;
}
export type SettingSpec = IntegerSetting | BooleanSetting | RoomSetting;

/** Prices, like every amount, stay within one call's AMOUNT_MAX. */
const PRICE_MAX = 1_000_000;

const priceSettings = Object.fromEntries(
  PREMIUM_PLANS.map(({ plan, days, defaultPrice }) => [
    premiumPriceSetting(plan),
    {
      group: 'economy',
      type: 'integer',
      min: 1,
      max: PRICE_MAX,
      default: defaultPrice,
      label: { en: `Premium for ${days} days, coins`, ru: `Премиум на ${days} дней, монет` },
      help: {
        en: 'What the plan costs on the premium and balance pages; purchases already made keep their price.',
        ru: 'Цена тарифа на страницах премиума и баланса; уже сделанные покупки не меняются.',
      },
    } satisfies IntegerSetting,
  ]),
);

/**
 * Every site setting, its type, range and default, and what the form says of it. Keys are the
 * `site_settings` keys the server's readers already use; a setting never stored reads its
 * default.
 */
export const SITE_SETTINGS = {
  main_room_id: {
    group: 'chat',
    type: 'room',
    default: null,
    label: { en: 'Main room', ru: 'Главная комната' },
    help: {
      en: 'The public room newcomers enter first. Empty: the first public room in the list.',
      ru: 'Открытая комната, куда новички попадают сначала. Пусто: первая открытая комната списка.',
    },
  },
  message_rate_limit: {
    group: 'chat',
    type: 'integer',
    min: 1,
    max: 1000,
    default: 10,
    label: { en: 'Messages per 10 seconds', ru: 'Сообщений за 10 секунд' },
    help: {
      en: 'How many messages one person may post in 10 seconds (guests half). MESSAGE_RATE_LIMIT in the environment is used until this is saved.',
      ru: 'Сколько сообщений человек может отправить за 10 секунд (гости — половину). Пока значение не сохранено, действует MESSAGE_RATE_LIMIT из окружения.',
    },
  },
  upload_max_bytes: {
    group: 'chat',
    type: 'integer',
    min: 64 * 1024,
    max: PREMIUM_UPLOAD_MAX_BYTES,
    default: UPLOAD_MAX_BYTES,
    label: { en: 'Largest upload, bytes', ru: 'Наибольший файл, байт' },
    help: {
      en: 'The largest picture one may upload. Premium users may upload up to 25 MB whatever this says.',
      ru: 'Наибольший размер загружаемой картинки. Премиум-пользователи могут загружать до 25 МБ независимо от этого.',
    },
  },
  video_cap: {
    group: 'chat',
    type: 'integer',
    min: 2,
    max: VIDEO_CAP_MAX,
    default: VIDEO_CAP_DEFAULT,
    label: { en: 'People in a video call', ru: 'Участников видеозвонка' },
    help: {
      en: `How many people one room's video call holds, watchers included. Everyone sends to everyone else, so at most ${VIDEO_CAP_MAX}; those already in a call stay when it is lowered.`,
      ru: `Сколько человек вмещает видеозвонок одной комнаты, вместе со зрителями. Каждый передаёт видео всем остальным, поэтому не больше ${VIDEO_CAP_MAX}; если уменьшить число, уже подключившиеся останутся.`,
    },
  },
  ...priceSettings,
  daily_bonus_coins: {
    group: 'economy',
    type: 'integer',
    min: 1,
    max: 10_000,
    default: DAILY_BONUS_COINS,
    label: { en: 'Daily bonus, coins', ru: 'Ежедневный бонус, монет' },
    help: {
      en: 'Bonus coins one may collect once a Moscow day.',
      ru: 'Бонусные монеты, которые можно получить раз в сутки по Москве.',
    },
  },
  guest_entry: {
    group: 'access',
    type: 'boolean',
    default: true,
    label: { en: 'Guests may enter', ru: 'Вход для гостей' },
    help: {
      en: 'Off: nobody may enter as a guest; those already in stay.',
      ru: 'Выключено: войти гостем нельзя; уже вошедшие остаются.',
    },
  },
  registration_open: {
    group: 'access',
    type: 'boolean',
    default: true,
    label: { en: 'Registration open', ru: 'Регистрация открыта' },
    help: {
      en: 'Off: no new accounts; those who have one still sign in.',
      ru: 'Выключено: новые аккаунты не создаются; у кого есть аккаунт, входят как раньше.',
    },
  },
  video_watchers: {
    group: 'access',
    type: 'boolean',
    default: false,
    label: {
      en: 'Guests and gagged people watch calls',
      ru: 'Гости и люди с кляпом смотрят звонки',
    },
    help: {
      en: "On: guests and gagged people may join a room's video call to watch and listen, without camera or microphone. Off: only registered people without a gag join.",
      ru: 'Включено: гости и те, у кого кляп, могут войти в видеозвонок комнаты, чтобы смотреть и слушать, без камеры и микрофона. Выключено: входят только зарегистрированные без кляпа.',
    },
  },
  hide_moderator_names: {
    group: 'moderation',
    type: 'boolean',
    default: false,
    label: { en: "Hide moderators' names", ru: 'Скрывать имена модераторов' },
    help: {
      en: 'On: the people sanctioned do not see who sanctioned them; staff still do.',
      ru: 'Включено: наказанные не видят, кто их наказал; модераторы и администраторы видят.',
    },
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SITE_SETTINGS;
export const SETTING_KEYS = Object.keys(SITE_SETTINGS) as SettingKey[];
export const SETTING_GROUPS = ['chat', 'economy', 'access', 'moderation'] as const;

export function settingSpec(key: SettingKey): SettingSpec {
  return (SITE_SETTINGS as Record<SettingKey, SettingSpec>)[key];
}

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && Object.hasOwn(SITE_SETTINGS, value);
}

export type SettingValue = number | boolean | null;
export type SiteSettingsValues = Record<SettingKey, SettingValue>;

const settingValue = z.union([z.number(), z.boolean(), z.null()]);

export const adminSettingsSchema = z.object({
  settings: z.record(z.string(), settingValue),
  /** The version read: sent back with a change (409 when someone saved since). */
  updated_at: z.string(),
  /** The public rooms the main room may be. */
  rooms: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** A partial or whole map: the type and range of each value are checked by the server. */
export const adminSettingsBody = z.object({
  settings: z.record(z.string(), z.unknown()),
  updated_at: z.string().max(64),
});
export type AdminSettingsBody = z.infer<typeof adminSettingsBody>;

/**
 * Cells of the permission table no change may flip. The admin row keeps the admin area, the
 * permission table and `roles.manage` (without which nobody could edit the admin row again):
 * the last admin never loses admin rights. Every registered role keeps REGISTERED_PERMISSION
 * (it is what "registered" means), and a guest gets nothing beyond GUEST_GRANTABLE.
 */
export const ADMIN_KEPT: readonly Permission[] = [
  'admin.access',
  'admin.permissions',
  'roles.manage',
];
/** What a guest may be given: a guest keeps no profile, holds no staff power and no premium. */
export const GUEST_GRANTABLE: readonly Permission[] = [
  'complaint.create',
  'room.create',
  'quote.add',
  'im.send',
  'forum.post',
];

/** Why a cell is locked (its message key on the web), or null. */
export function lockedCell(
  role: Role,
  permission: Permission,
): 'admin_kept' | 'registered_kept' | 'guest_never' | null {
  if (role === 'admin' && ADMIN_KEPT.includes(permission)) return 'admin_kept';
  if (role === 'guest') return GUEST_GRANTABLE.includes(permission) ? null : 'guest_never';
  if (permission === REGISTERED_PERMISSION) return 'registered_kept';
  return null;
}

/** The locked value of a locked cell: what the role must hold there. */
export function lockedValue(role: Role, permission: Permission): boolean {
  return lockedCell(role, permission) !== 'guest_never';
}

export const rolePermissionsRow = z.object({
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  updated_at: z.string(),
});
export type RolePermissionsRow = z.infer<typeof rolePermissionsRow>;

export const adminPermissionsSchema = z.object({
  permissions: z.array(z.enum(PERMISSIONS)),
  roles: z.array(rolePermissionsRow),
  /** Per role, the cells that cannot change and why. */
  locked: z.array(
    z.object({
      role: z.enum(ROLES),
      permission: z.enum(PERMISSIONS),
      reason: z.enum(['admin_kept', 'registered_kept', 'guest_never']),
    }),
  ),
});
export type AdminPermissions = z.infer<typeof adminPermissionsSchema>;

export const adminRoleBody = z.object({
  permissions: z.array(z.string().max(64)).max(200),
  updated_at: z.string().max(64),
});
export type AdminRoleBody = z.infer<typeof adminRoleBody>;
