import type { AdminFont, AdminSmiley, AdminSmileyGroup } from '@chat/shared';
import type { FontRow } from './fonts.repository';
import type { SmileyGroupRow, SmileyRow } from './smileys.repository';

/**
 * A smiley's picture URL, as the chat's dictionary has it (catalog.module.ts): an uploaded one
 * is stored with its `/storage/…` URL, a seeded one by its file name under the static assets.
 */
export const smileyFileUrl = (file: string): string =>
  file.startsWith('/') ? file : `/assets/static/smileys/${file}`;

/** Where an uploaded font is served (fonts.routes.ts). */
export const fontFileUrl = (key: string | null): string | null =>
  key === null ? null : `/storage/${key}`;

export function presentSmiley(row: SmileyRow): AdminSmiley {
  return {
    id: row.id,
    group_id: row.group_id,
    tag: row.tag,
    file: smileyFileUrl(row.file),
    position: row.position,
    updated_at: row.updated_at,
  };
}

export function presentGroup(row: SmileyGroupRow, smileys: readonly SmileyRow[]): AdminSmileyGroup {
  return {
    id: row.id,
    name_ru: row.name_ru,
    name_en: row.name_en,
    position: row.position,
    updated_at: row.updated_at,
    smileys: smileys.filter((s) => s.group_id === row.id).map(presentSmiley),
  };
}

export function presentFont(row: FontRow, users: number): AdminFont {
  return {
    id: row.id,
    font_family: row.font_family,
    url: fontFileUrl(row.file),
    premium_only: row.premium_only === 1,
    position: row.position,
    active: row.active === 1,
    users,
    updated_at: row.updated_at,
  };
}
