import type { ColumnType } from 'kysely';

/**
 * The admin area's catalog (migration 0028-smileys-fonts) adds columns to tables of schema.ts,
 * merged into their interfaces below; it has no table of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SmileysFontsTables {}

/** A column the database fills when an insert leaves it out (rows of the seed, say). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

declare module './schema' {
  interface FontsTable {
    /** A storage key (`fonts/….woff2`); null for a font the browsers have themselves. */
    file: Defaulted<string | null>;
    premium_only: Defaulted<number>;
    position: Defaulted<number>;
    /** 0: withdrawn, nicks that use it fall back to the default font. */
    active: Defaulted<number>;
    updated_at: Defaulted<string>;
  }
  interface SmileyGroupsTable {
    updated_at: Defaulted<string>;
  }
  interface SmileysTable {
    updated_at: Defaulted<string>;
  }
}
