import type { AdminLogEntry } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { compactQuery, toPaged, type Paged } from '../../shared/paged';

/** Query keys of the admin area; a `CatalogUpdated` of a part invalidates `['admin', part]`. */
export const adminKeys = {
  all: ['admin'] as const,
  log: (f: AdminLogFilter) => ['admin', 'log', f.page, f.q ?? '', f.action ?? ''] as const,
};

export interface AdminLogFilter {
  page: number;
  q?: string;
  action?: string;
}

/** `GET /api/admin/log?page&q&action`. */
export function adminLogQuery(filter: AdminLogFilter) {
  return queryOptions({
    queryKey: adminKeys.log(filter),
    queryFn: async ({ signal }): Promise<Paged<AdminLogEntry>> =>
      toPaged(
        await api.get<AdminLogEntry[]>('/api/admin/log', {
          query: compactQuery({ page: filter.page, q: filter.q, action: filter.action }),
          signal,
        }),
        filter.page,
      ),
    placeholderData: (previous) => previous,
  });
}
