import {
  isSoundKind,
  type AdminFrame,
  type AdminSound,
  type Locale,
  type PublicSound,
} from '@chat/shared';
import { frameUrl } from '../../profiles/profiles.presenter';
import type { FrameRecord } from './frames.repository';
import type { SoundRow } from './sounds.repository';

export function presentAdminFrame(row: FrameRecord): AdminFrame {
  return {
    id: row.id,
    name_ru: row.name_ru,
    name_en: row.name_en,
    url: frameUrl(row.file),
    premium_only: row.premium_only === 1,
    position: row.position,
    active: row.active === 1,
    wearers: row.wearers,
    updated_at: row.updated_at,
  };
}

/** Sound files are served at /api/sounds/files/{name} (sounds.routes.ts). */
export const soundUrl = (key: string): string =>
  `/api/sounds/files/${key.replace(/^sounds\//, '')}`;

export function presentAdminSound(row: SoundRow): AdminSound {
  return {
    id: row.id,
    name_ru: row.name_ru,
    name_en: row.name_en,
    url: soundUrl(row.file),
    mime: row.mime,
    size: row.size,
    default_for: isSoundKind(row.default_for) ? row.default_for : null,
    position: row.position,
    active: row.active === 1,
    updated_at: row.updated_at,
  };
}

export function presentPublicSound(row: SoundRow, locale: Locale): PublicSound {
  return {
    id: row.id,
    name: locale === 'en' ? row.name_en : row.name_ru,
    url: soundUrl(row.file),
    default_for: isSoundKind(row.default_for) ? row.default_for : null,
  };
}
