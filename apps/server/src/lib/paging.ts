import type { PageMeta } from '@chat/shared';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema';

/** The wire `meta` of a page of `perPage` rows out of `total` (one page at least, when empty). */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/**
 * One page of a filtered table, newest (highest id) first, with the count of every row the
 * filters match. Both reads run at once.
 */
export async function newestFirstPage<T extends keyof DB>(
  query: SelectQueryBuilder<DB, T, object>,
  page: number,
  perPage: number,
): Promise<{ rows: Selectable<DB[T]>[]; total: number }> {
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql.ref('id'), 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // selectAll() of one table is its Selectable row; Kysely cannot show that for a generic T.
  return { rows: rows as unknown as Selectable<DB[T]>[], total: Number(count.n) };
}
