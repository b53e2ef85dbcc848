import type { ColumnType, Generated } from 'kysely';

/** A column the database fills when an insert leaves it out (rows of the seed, say). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The admin area's media tables (migration 0029-frames-sounds); part of `DB` in schema.ts. */
export interface FramesSoundsTables {
  sounds: SoundsTable;
}

export interface SoundsTable {
  id: Generated<number>;
  name_ru: string;
  name_en: string;
  /** Storage key `sounds/{name}.{mp3|ogg|wav}`. */
  file: string;
  mime: string;
  size: number;
  /** The kind of event it is the site's default for (message, mention, im, notification). */
  default_for: string | null;
  position: number;
  active: number;
  created_at: string;
  updated_at: string;
}

declare module './schema' {
  interface FramesTable {
    /** 0: withdrawn, no longer offered; those who wear it keep it. */
    active: Defaulted<number>;
    updated_at: Defaulted<string>;
  }
}
