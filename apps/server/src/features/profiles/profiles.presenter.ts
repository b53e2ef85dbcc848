import {
  isMaritalStatus,
  type ContentModeration,
  type Frame,
  type Locale,
  type ProfileListItem,
  type ProfilePhoto,
} from '@chat/shared';
import type { FrameRow } from '../../db/schema';
import { presentAttachment } from '../uploads/attachments.presenter';
import { presentPublicUser } from '../users/user.presenter';
import type { ListPage, PhotoWithAttachment } from './profiles.repository';

/** Where a frame is served: the demo SVGs from apps/server/assets/frames, uploads by their URL. */
export const frameUrl = (file: string): string =>
  file.startsWith('/') ? file : `/assets/static/frames/${file}`;

export function presentFrame(row: FrameRow, locale: Locale): Frame {
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en : row.name_ru,
    url: frameUrl(row.file),
    premium_only: row.premium_only === 1,
  };
}

const PHOTO_STATUSES = ['new', 'accepted', 'refused', 'updated'] as const;

/** `moderation`: the photo's review, only for its owner and for moderators. */
export function presentPhoto(
  row: PhotoWithAttachment,
  moderation: ContentModeration | null = null,
): ProfilePhoto {
  const status = PHOTO_STATUSES.find((s) => s === row.status) ?? 'new';
  return {
    id: row.id,
    attachment: presentAttachment(row.attachment),
    status,
    moderation,
    created_at: row.created_at,
  };
}

/** What a viewer may know of a listed user's presence. */
export interface ListedPresence {
  online: boolean;
  /** Invisible to this viewer: neither online nor the last time seen is told. */
  hidden: boolean;
}

export function presentListItem(
  row: ListPage['rows'][number],
  presence: ListedPresence,
  today: Date,
): ProfileListItem {
  return {
    user: presentPublicUser(row),
    gender: genderOf(row.gender),
    age: ageOf(row.birthdate, today),
    online: presence.online && !presence.hidden,
    last_online: presence.hidden ? null : row.active_at,
    registered_at: row.created_at,
    month_messages: row.month_messages === null ? null : Number(row.month_messages),
  };
}

/** Whole years from a YYYY-MM-DD birthdate to `today` (UTC), or null. */
export function ageOf(birthdate: string | null, today: Date): number | null {
  const match = birthdate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

export const maritalOf = (value: string | null) => (isMaritalStatus(value) ? value : null);
export const genderOf = (value: string | null) =>
  value === 'male' || value === 'female' ? value : null;

/** Share of visits made stealthy, 0..100 with one decimal. */
export function stealthPercent(visits: number, stealthy: number): number {
  if (visits <= 0) return 0;
  return Math.min(100, Math.round((stealthy * 1000) / visits) / 10);
}
