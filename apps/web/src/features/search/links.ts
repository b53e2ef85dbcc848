import {
  SEARCH_SCOPES,
  SEARCH_SORTS,
  type Locale,
  type SearchLink,
  type SearchScope,
  type SearchSort,
} from '@chat/shared';
import { localePath } from '../../lib/locale-path';
import { profilePath } from '../profiles/links';

/** What the results page shows, as its address holds it. */
export interface SearchParams {
  q: string;
  in: SearchScope;
  sort: SearchSort;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The page's parameters from its query string; anything unknown is its default. */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    in: oneOf(SEARCH_SCOPES, params.get('in'), 'forum'),
    sort: oneOf(SEARCH_SORTS, params.get('sort'), 'best'),
    page: Number.isInteger(page) && page >= 1 && page < 2 ** 31 ? page : 1,
  };
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

/** Where a hit leads. The chat cannot open at a message yet, so a chat hit opens its room. */
export function hitPath(locale: Locale, link: SearchLink): string {
  switch (link.kind) {
    case 'forum':
      return localePath(
        locale,
        `/forum/thread/${encodeURIComponent(link.thread_slug)}?post=${link.post_id}`,
      );
    case 'chat':
      return localePath(locale, `/chat/${link.room_id}`);
    case 'profile':
      return profilePath(locale, link.user_slug);
  }
}
