import type {
  ArtComment,
  ArtGalleryPage,
  ArtGroup,
  ArtLike,
  ArtPost,
  ArtPostPage,
  ArtSort,
  PageMeta,
} from '@chat/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { withOwner } from '../forum/api';

/** Query keys of the art section; per viewer where the answer says what the viewer may do. */
export const artKeys = {
  all: ['art'] as const,
  groups: (viewerId: number | null) => ['art', 'groups', viewerId] as const,
  gallery: (scope: GalleryScope, viewerId: number | null) =>
    ['art', 'gallery', scope.group ?? null, scope.user ?? null, scope.sort, viewerId] as const,
  posts: ['art', 'post'] as const,
  post: (slug: string, viewerId: number | null) => ['art', 'post', slug, viewerId] as const,
  comments: (postId: number) => ['art', 'comments', postId] as const,
};

/** Whose posts a gallery shows: a group's, one person's, or (neither) every group's. */
export interface GalleryScope {
  group?: string;
  user?: number;
  sort: ArtSort;
}

const enc = encodeURIComponent;

/** `GET /api/art/groups`. */
export const groupsQuery = (viewerId: number | null) =>
  queryOptions({
    queryKey: artKeys.groups(viewerId),
    queryFn: async ({ signal }) => (await api.get<ArtGroup[]>('/api/art/groups', { signal })).data,
  });

/** One page of a gallery: `GET /api/art/groups/{slug}` or `GET /api/art` (`&user=`). */
export async function fetchGallery(
  scope: GalleryScope,
  page: number,
  signal?: AbortSignal,
): Promise<ArtGalleryPage> {
  const query: Record<string, string> = { page: String(page), sort: scope.sort };
  if (scope.user !== undefined) query.user = String(scope.user);
  const path = scope.group === undefined ? '/api/art' : `/api/art/groups/${enc(scope.group)}`;
  const answer = await api.get<unknown>(path, { query, handledStatuses: [404], signal });
  const { owner, data, meta } = withOwner<'group', ArtGroup | null, ArtGalleryPage['data'][0]>(
    answer,
    'group',
  );
  return { group: owner ?? null, data, meta };
}

/** A gallery page after page (infinite scroll). */
export const galleryQuery = (scope: GalleryScope, viewerId: number | null) =>
  infiniteQueryOptions({
    queryKey: artKeys.gallery(scope, viewerId),
    queryFn: ({ pageParam, signal }) => fetchGallery(scope, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ArtGalleryPage) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });

/** The first page of a gallery only (the home page's row, a profile's tab). */
export const galleryFirstPageQuery = (scope: GalleryScope, viewerId: number | null) =>
  queryOptions({
    queryKey: [...artKeys.gallery(scope, viewerId), 'first'] as const,
    queryFn: ({ signal }) => fetchGallery(scope, 1, signal),
  });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `GET /api/art/posts/{slug}`: the post and its newest comments; a 404 is the page's own state. */
export const postQuery = (slug: string, viewerId: number | null) =>
  queryOptions({
    queryKey: artKeys.post(slug, viewerId),
    queryFn: async ({ signal }): Promise<ArtPostPage> => {
      const answer = await api.get<unknown>(`/api/art/posts/${enc(slug)}`, {
        handledStatuses: [404],
        signal,
      });
      // `{data: post, comments}`, or once more wrapped: `{data: {data: post, comments}}`.
      const inner = answer.data;
      const source: Record<string, unknown> =
        isRecord(inner) && 'comments' in inner && isRecord(inner.data)
          ? inner
          : { ...answer.envelope, data: inner };
      const comments = isRecord(source.comments) ? source.comments : {};
      const list = Array.isArray(comments.data) ? (comments.data as ArtComment[]) : [];
      return {
        data: source.data as ArtPost,
        comments: { data: list, meta: metaOf(comments.meta, list.length) },
      };
    },
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

function metaOf(meta: unknown, length: number): PageMeta {
  const m = (isRecord(meta) ? meta : {}) as Partial<PageMeta>;
  return {
    current_page: m.current_page ?? 1,
    last_page: m.last_page ?? 1,
    per_page: m.per_page ?? length,
    total: m.total ?? length,
  };
}

export interface NewArtPost {
  title: string;
  text: string;
  attachments: number[];
  adult: boolean;
  client_id: string;
}

export type ArtPostChange = Partial<Omit<NewArtPost, 'client_id'>>;

/** The art section's writes. 422s are shown under the fields, so they are not toasted. */
export const artApi = {
  create: async (groupSlug: string, body: NewArtPost) =>
    (
      await api.post<ArtPost>(`/api/art/groups/${enc(groupSlug)}/posts`, body, {
        handlesValidation: true,
      })
    ).data,
  edit: async (postId: number, body: ArtPostChange) =>
    (
      await api.json<ArtPost>(`/api/art/posts/${postId}`, {
        method: 'PATCH',
        body,
        handlesValidation: true,
      })
    ).data,
  remove: async (postId: number) => {
    await api.json(`/api/art/posts/${postId}`, { method: 'DELETE' });
  },
  like: async (postId: number, on: boolean) =>
    (
      await api.json<ArtLike>(`/api/art/posts/${postId}/like`, {
        method: on ? 'POST' : 'DELETE',
      })
    ).data,
  comments: async (postId: number, page: number, signal?: AbortSignal) => {
    const answer = await api.get<ArtComment[]>(`/api/art/posts/${postId}/comments`, {
      query: { page: String(page) },
      signal,
    });
    const data = Array.isArray(answer.data) ? answer.data : [];
    return { data, meta: metaOf(answer.meta, data.length) };
  },
  comment: async (postId: number, body: { text: string; client_id: string }) =>
    (
      await api.post<ArtComment>(`/api/art/posts/${postId}/comments`, body, {
        handlesValidation: true,
      })
    ).data,
  removeComment: async (commentId: number) => {
    await api.json(`/api/art/comments/${commentId}`, { method: 'DELETE' });
  },
};
