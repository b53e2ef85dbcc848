import { SEARCH_SCOPES, SEARCH_SORTS, type Locale, type SearchLink } from '@chat/shared';
import { localePath } from '../../lib/locale-path';
import { profilePath } from '../profiles/links';
import type { SearchParams } from './search-path';

export { searchPath, searchQueryString, type SearchParams } from './search-path';

/** The API's `page` takes up to six digits; a larger one is page 1, not a refused search. */
const PAGE_MAX = 999_999;

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The page's parameters from its query string; anything unknown is its default. */
export function readSearchParams(params: URLSearchParams): SearchParams {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    in: oneOf(SEARCH_SCOPES, params.get('in'), 'forum'),
    sort: oneOf(SEARCH_SORTS, params.get('sort'), 'best'),
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
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
    case 'art':
      return localePath(
        locale,
        `/art/post/${encodeURIComponent(link.post_slug)}${link.comment_id ? `#comment-${link.comment_id}` : ''}`,
      );
    case 'quote':
      return localePath(locale, `/quote?message=${link.message_id}`);
    case 'profile':
      return profilePath(locale, link.user_slug);
  }
}
