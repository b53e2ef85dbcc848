import type {
  PROFILES_PAGE_SIZES,
  Profile,
  ProfileListItem,
  ProfileTab,
  ProfilesPage,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** One row of a profiles list: the user and what the list shows beside the nick. */
export type ProfileRow = ProfileListItem;

export interface ProfilesListPage {
  rows: ProfileRow[];
  page: number;
  lastPage: number;
  total: number | null;
  /** `total` is the search's cap: more matched (shown as "1000+"). */
  totalCapped: boolean;
}

export interface ProfilesQuery {
  tab: ProfileTab;
  page: number;
  perPage: (typeof PROFILES_PAGE_SIZES)[number];
  /** The search box (tab `search` only). */
  q: string;
}

/** Query keys of profiles (TanStack Query); the live identity events patch these. */
export const profileKeys = {
  all: ['profile'] as const,
  /** The viewer is part of the key: the same profile answers another viewer differently. */
  one: (slug: string, viewerId: number | null) => ['profile', slug, viewerId] as const,
  lists: ['profiles'] as const,
  list: (query: ProfilesQuery) =>
    ['profiles', query.tab, query.page, query.perPage, query.q] as const,
};

/** `GET /api/profile/{slug}`; a 404 is shown in place (the page's own not-found state). */
export function profileQuery(slug: string, viewerId: number | null) {
  return queryOptions({
    queryKey: profileKeys.one(slug, viewerId),
    queryFn: async ({ signal }) =>
      (
        await api.get<Profile>(`/api/profile/${encodeURIComponent(slug)}`, {
          handledStatuses: [404],
          signal,
        })
      ).data,
  });
}

/** `GET /api/profiles/{tab}?page&per_page&q`. */
export function profilesQuery(query: ProfilesQuery) {
  return queryOptions({
    queryKey: profileKeys.list(query),
    queryFn: async ({ signal }): Promise<ProfilesListPage> => {
      const params: Record<string, string> = {
        page: String(query.page),
        per_page: String(query.perPage),
      };
      if (query.tab === 'search') params.q = query.q;
      const answer = await api.get<ProfilesPage['data']>(`/api/profiles/${query.tab}`, {
        query: params,
        signal,
      });
      const meta = answer.meta as ProfilesPage['meta'] | undefined;
      const page = meta?.current_page ?? query.page;
      return {
        rows: answer.data,
        page,
        lastPage: meta?.last_page ?? page,
        total: meta?.total ?? null,
        totalCapped: meta?.total_capped ?? false,
      };
    },
    // A page turn keeps the previous rows on screen until the next arrive.
    placeholderData: (previous) => previous,
  });
}

/** `POST /api/friends/{id}`: a request, or friendship when they asked first. */
export async function addFriend(userId: number): Promise<void> {
  await api.post(`/api/friends/${userId}`);
}

/** `POST /api/friends/{id}` with `_method=DELETE`: removes the friendship or the request. */
export async function removeFriend(userId: number): Promise<void> {
  await api.post(`/api/friends/${userId}`, { _method: 'DELETE' });
}
