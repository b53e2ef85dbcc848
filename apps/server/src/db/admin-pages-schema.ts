import type { Generated, Selectable } from 'kysely';

/** The admin area's pages tables (migration 0031-pages-releases); part of `DB` in schema.ts. */
export interface PagesReleasesTables {
  /** The agreement version each person accepted last, and when. */
  agreement_acceptances: {
    user_id: number;
    version: number;
    accepted_at: string;
  };
  app_releases: AppReleasesTable;
}

export interface AppReleasesTable {
  id: Generated<number>;
  platform: string;
  version: string;
  notes_ru: Generated<string>;
  notes_en: Generated<string>;
  file: string | null;
  url: string | null;
  required: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type AppReleaseRow = Selectable<AppReleasesTable>;
