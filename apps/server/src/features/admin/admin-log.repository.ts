import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AdminLogRow } from '../../db/admin-schema';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/clock';

export interface AdminLogInput {
  actorId: number | null;
  action: string;
  subjectType: string;
  subjectId: string | number | null;
  before: unknown;
  after: unknown;
}

export interface AdminLogFilter {
  /** Words found in the action, the subject or the JSON before and after. */
  q?: string;
  /** An action's part (`smileys`) or the whole action (`smileys.create`). */
  action?: string;
}

/**
 * The admin log: one row per change made in the admin area, append-only (the table refuses
 * UPDATE and DELETE). `record` takes the change's transaction, so the row commits with it.
 */
export class AdminLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async record(entry: AdminLogInput, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .insertInto('admin_log')
      .values({
        actor_id: entry.actorId,
        action: entry.action,
        subject_type: entry.subjectType,
        subject_id: entry.subjectId === null ? null : String(entry.subjectId),
        before: JSON.stringify(entry.before ?? null),
        after: JSON.stringify(entry.after ?? null),
        created_at: nowIso(),
      })
      .execute();
  }

  async page(
    filter: AdminLogFilter,
    page: number,
    perPage: number,
  ): Promise<{ rows: AdminLogRow[]; total: number }> {
    let query = this.db.selectFrom('admin_log');
    if (filter.action)
      query = query.where((eb) =>
        eb.or([eb('action', '=', filter.action!), eb('action', 'like', `${filter.action}.%`)]),
      );
    for (const word of (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
      // `like` patterns escape their own wildcards: a search for "50%" finds "50%".
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or(
          (['action', 'subject_type', 'subject_id', 'before', 'after'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
