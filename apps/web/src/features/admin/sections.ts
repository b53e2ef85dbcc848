import { ADMIN_SECTIONS, type AdminSection, type Locale, type Permission } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

/** The admin area's pages in the order its menu lists them (the dashboard comes first). */
export const SECTION_ORDER: readonly AdminSection[] = [
  'settings',
  'agreement',
  'app-releases',
  'smileys',
  'fonts',
  'frames',
  'sounds',
  'gifts',
  'permissions',
  'log',
];

/** The pages of the admin area this person may open (each needs `admin.access` too). */
export function permittedSections(permissions: readonly string[]): AdminSection[] {
  if (!permissions.includes('admin.access')) return [];
  return SECTION_ORDER.filter((section) =>
    permissions.includes(ADMIN_SECTIONS[section] satisfies Permission),
  );
}

/** `/{locale}/admin`, `/{locale}/admin/{section}`, `/{locale}/admin/{section}/{sub}`. */
export function adminPath(locale: Locale, section?: AdminSection, sub?: string): string {
  return localePath(locale, ['/admin', section, sub].filter(Boolean).join('/'));
}

/** What a section's page gets: the segment after it (`gifts/statistics` → `statistics`). */
export interface SectionProps {
  sub?: string | undefined;
}
