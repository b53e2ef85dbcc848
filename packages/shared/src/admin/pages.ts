import { z } from 'zod';

/**
 * The admin area's static pages (the agreement, with versions) and app releases (API.md "Admin
 * area"), and what init tells a client about both.
 */

/** A page's slug: letters, digits and dashes (the public `/api/pages/{slug}` takes the same). */
export const PAGE_SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
export const pageSlugSchema = z.string().regex(PAGE_SLUG_PATTERN, { message: 'invalid_value' });
/** The page whose new version everyone signed in must accept again. */
export const AGREEMENT_SLUG = 'agreement';
export const PAGE_TITLE_MAX = 255;
export const PAGE_TEXT_MAX = 100_000;

/** One static page with both languages, as an admin edits it. */
export const adminPageSchema = z.object({
  slug: z.string(),
  title_ru: z.string(),
  text_ru: z.string(),
  title_en: z.string(),
  text_en: z.string(),
  /** The agreement's current version (other pages: 1). */
  version: z.number().int(),
  /** null: the page does not exist yet (PUT creates it). */
  updated_at: z.string().nullable(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminPageListItemSchema = adminPageSchema.pick({
  slug: true,
  title_ru: true,
  title_en: true,
  version: true,
  updated_at: true,
});
export type AdminPageListItem = z.infer<typeof adminPageListItemSchema>;

const pageTitle = z.string().trim().min(1).max(PAGE_TITLE_MAX);
const pageText = z.string().max(PAGE_TEXT_MAX);

export const adminPageUpdateSchema = z.object({
  title_ru: pageTitle,
  text_ru: pageText,
  title_en: pageTitle,
  text_en: pageText,
  /** Only for the agreement: everyone signed in must accept it again. */
  new_version: z.boolean().default(false),
  /** The `updated_at` the admin read (null for a page that did not exist): a later edit is 409. */
  updated_at: z.string().nullable(),
});
export type AdminPageUpdate = z.input<typeof adminPageUpdateSchema>;

export const pagePreviewRequestSchema = z.object({ text: pageText });
export const pagePreviewSchema = z.object({ html: z.string() });

/** The agreement's versions as init carries them and `POST /api/agreement/accept` answers. */
export const agreementStateSchema = z.object({
  agreement_version: z.number().int(),
  /** The version the signed-in person accepted; null when none was recorded (or signed out). */
  agreement_accepted_version: z.number().int().nullable(),
});
export type AgreementState = z.infer<typeof agreementStateSchema>;
export const agreementAcceptSchema = z.object({ version: z.number().int().positive() });

/** The spec's `X-Platform` values for the site's apps (init also takes `mobile`, an old name). */
export const RELEASE_PLATFORMS = ['pc', 'android', 'ios'] as const;
export type ReleasePlatform = (typeof RELEASE_PLATFORMS)[number];
export const INIT_PLATFORMS = ['pc', 'mobile', 'android', 'ios'] as const;

/** `1.2.3`: three numbers, compared as numbers (1.10.0 is newer than 1.9.9). */
export const RELEASE_VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
export const releaseVersionSchema = z
  .string()
  .regex(RELEASE_VERSION_PATTERN, { message: 'release.version_format' });

/** <0, 0, >0 as `a` is older than, the same as, or newer than `b` (both `1.2.3`). */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** An installer's file types; each is also checked by its first bytes. */
export const RELEASE_FILE_EXTENSIONS = ['exe', 'msi', 'apk', 'ipa', 'dmg'] as const;
/** A stored installer's key as the release file upload answers it. */
export const RELEASE_FILE_KEY_PATTERN = /^releases\/[a-z0-9]{16,40}\.(exe|msi|apk|ipa|dmg)$/;
export const RELEASE_FILE_MAX_BYTES = 300 * 1024 * 1024;

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'release.url_https' },
  );
const notes = z.string().max(5000);

export const appReleaseSchema = z.object({
  id: z.number().int(),
  platform: z.enum(RELEASE_PLATFORMS),
  version: z.string(),
  notes_ru: z.string(),
  notes_en: z.string(),
  /** The stored installer's key (download at `/storage/{file}`), or null for a store link. */
  file: z.string().nullable(),
  url: z.string().nullable(),
  required: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppRelease = z.infer<typeof appReleaseSchema>;

export const appReleaseCreateSchema = z.object({
  platform: z.enum(RELEASE_PLATFORMS),
  version: releaseVersionSchema,
  notes_ru: notes.default(''),
  notes_en: notes.default(''),
  /** One of `file` (a key from the file upload) and `url` (https). */
  file: z
    .string()
    .regex(RELEASE_FILE_KEY_PATTERN, { message: 'invalid_value' })
    .nullable()
    .default(null),
  url: httpsUrl.nullable().default(null),
  required: z.boolean().default(false),
});
export type AppReleaseCreate = z.input<typeof appReleaseCreateSchema>;

export const appReleasePatchSchema = z.object({
  platform: z.enum(RELEASE_PLATFORMS).optional(),
  version: releaseVersionSchema.optional(),
  notes_ru: notes.optional(),
  notes_en: notes.optional(),
  file: z
    .string()
    .regex(RELEASE_FILE_KEY_PATTERN, { message: 'invalid_value' })
    .nullable()
    .optional(),
  url: httpsUrl.nullable().optional(),
  required: z.boolean().optional(),
  updated_at: z.string(),
});
export type AppReleasePatch = z.input<typeof appReleasePatchSchema>;

export const releaseFileSchema = z.object({ file: z.string(), size: z.number().int() });

/** What init adds for the agreement and for an app that must be updated. */
export const initPagesFields = {
  agreement_version: z.number().int().optional(),
  agreement_accepted_version: z.number().int().nullable().optional(),
  /** A required release of the caller's platform is newer than the version it sent. */
  update_required: z.boolean().optional(),
  /** The newest release of the caller's platform: where to get it. */
  update: z
    .object({ version: z.string(), link: z.string(), required: z.boolean() })
    .nullable()
    .optional(),
};
