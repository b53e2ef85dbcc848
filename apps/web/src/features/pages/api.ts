import type { Locale, Page } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const pageKeys = {
  page: (slug: string, locale: Locale) => ['pages', slug, locale] as const,
};

/** A static page; a missing one is shown in place, so its 404 is not toasted. */
export function pageQuery(slug: string, locale: Locale) {
  return queryOptions({
    queryKey: pageKeys.page(slug, locale),
    queryFn: async ({ signal }) => {
      const path = `/api/pages/${encodeURIComponent(slug)}`;
      return (await api.get<Page>(path, { handledStatuses: [404], signal })).data;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
