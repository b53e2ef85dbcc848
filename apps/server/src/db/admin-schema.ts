import type { Generated, Selectable } from 'kysely';

/** The admin area's tables (migrations 0026 and on); part of `DB` in schema.ts. */
export interface AdminTables {
  admin_log: AdminLogTable;
}

export interface AdminLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  /** JSON of the thing before the change (`null` for a creation). */
  before: string;
  /** JSON of the thing after the change (`null` for a deletion). */
  after: string;
  created_at: string;
}
export type AdminLogRow = Selectable<AdminLogTable>;
