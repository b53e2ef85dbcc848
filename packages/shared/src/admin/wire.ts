import { z } from 'zod';
import type { Permission } from '../moderation/permissions';
import { publicUser } from '../schemas/user';

/**
 * The admin area (API.md "Admin area"): its pages, each behind its own permission, the admin
 * log and the event that tells open tabs a catalogue changed.
 */

/**
 * The admin area's child pages (spec section 2, and the permission table and log of issue 23)
 * with the permission each needs besides `admin.access`. The dashboard is the index.
 */
export const ADMIN_SECTIONS = {
  agreement: 'admin.pages',
  'app-releases': 'admin.releases',
  fonts: 'admin.fonts',
  frames: 'admin.frames',
  gifts: 'admin.gifts',
  smileys: 'admin.smileys',
  sounds: 'admin.sounds',
  settings: 'admin.settings',
  permissions: 'admin.permissions',
  log: 'admin.log',
} as const satisfies Record<string, Permission>;
export type AdminSection = keyof typeof ADMIN_SECTIONS;

export function isAdminSection(value: unknown): value is AdminSection {
  return typeof value === 'string' && Object.hasOwn(ADMIN_SECTIONS, value);
}

/** What a `CatalogUpdated` event names: the part of the site's catalogues that changed. */
export const CATALOG_PARTS = [
  'fonts',
  'frames',
  'gifts',
  'smileys',
  'sounds',
  'settings',
  'pages',
  'releases',
  'permissions',
] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

/** On `private-chat`: an admin changed a catalogue; open tabs read that part again. */
export interface CatalogUpdatedEvent {
  part: CatalogPart;
}

export const ADMIN_LOG_PER_PAGE = 50;

/** One change made in the admin area: who, when, what, and the thing before and after. */
export const adminLogEntrySchema = z.object({
  id: z.number().int(),
  actor: publicUser.nullable(),
  /** `{part}.{verb}`: `smileys.create`, `settings.update`, `roles.update`... */
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;
