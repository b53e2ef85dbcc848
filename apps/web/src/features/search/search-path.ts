import type { Locale, SearchScope, SearchSort } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

// Types only from @chat/shared: the navbar's box imports this on the first paint, and the
// search constants' module would bring its zod schemas (and zod) along.

/** What the results page shows, as its address holds it. */
export interface SearchParams {
  q: string;
  in: SearchScope;
  sort: SearchSort;
  page: number;
}

/** The query string of a search, its defaults left out so that the address stays short. */
export function searchQueryString(params: Partial<SearchParams> & { q: string }): string {
  const out = new URLSearchParams();
  if (params.q !== '') out.set('q', params.q);
  if (params.in && params.in !== 'forum') out.set('in', params.in);
  if (params.sort && params.sort !== 'best') out.set('sort', params.sort);
  if (params.page && params.page > 1) out.set('page', String(params.page));
  return out.toString();
}

/** `/{locale}/search?q=…` (URLSearchParams escapes the query); no query: the page's hint. */
export function searchPath(locale: Locale, params: Partial<SearchParams> & { q: string }): string {
  const query = searchQueryString(params);
  return `${localePath(locale, '/search')}${query === '' ? '' : `?${query}`}`;
}
