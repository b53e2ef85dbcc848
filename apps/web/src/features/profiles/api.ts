import type { PROFILES_PAGE_SIZES, Profile, ProfileTab, PublicUser } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { isRecord } from '../../lib/api-client';

/** One row of a profiles list: the user and what the list shows beside the nick. */
export interface ProfileRow {
  user: PublicUser;
  gender: 'male' | 'female' | null;
  age: number | null;
  /** Null when hidden (invisible) or unknown. */
  last_online: string | null;
  online: boolean;
  registered_at: string | null;
  /** Tab `top`: public messages this Moscow calendar month. */
  month_messages: number | null;
}

export interface ProfilesListPage {
  rows: ProfileRow[];
  page: number;
  lastPage: number;
  total: number | null;
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

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A row as the server sends it: `{ user, registered_at, month_messages }`, and, where the server
 * gives them, `age`, `gender`, `last_online`, `online`. Missing ones are simply not shown.
 */
export function toProfileRow(raw: unknown): ProfileRow | null {
  if (!isRecord(raw)) return null;
  const user = isRecord(raw.user) ? raw.user : raw;
  if (typeof user.id !== 'number' || !isRecord(user.nick)) return null;
  const gender = raw.gender === 'male' || raw.gender === 'female' ? raw.gender : null;
  return {
    user: user as unknown as PublicUser,
    gender,
    age: int(raw.age),
    last_online:
      str(raw.last_online) ?? str(isRecord(raw.statistics) ? raw.statistics.last_online : null),
    online: raw.online === true,
    registered_at: str(raw.registered_at),
    month_messages: int(raw.month_messages),
  };
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
      const answer = await api.get<unknown[]>(`/api/profiles/${query.tab}`, {
        query: params,
        signal,
      });
      const rows = (Array.isArray(answer.data) ? answer.data : [])
        .map(toProfileRow)
        .filter((row): row is ProfileRow => row !== null);
      const page = int(answer.meta?.current_page) ?? query.page;
      return {
        rows,
        page,
        lastPage: int(answer.meta?.last_page) ?? page,
        total: int(answer.meta?.total),
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
