import type {
  ForumCategory,
  ForumCategoryPage,
  ForumPost,
  ForumThread,
  ForumThreadPage,
  ForumThreadSort,
  PageMeta,
  Reaction,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/api-client';

/** Query keys of the forum (TanStack Query); the thread's live events patch `thread` pages. */
export const forumKeys = {
  all: ['forum'] as const,
  categories: ['forum', 'categories'] as const,
  category: (query: CategoryQuery) =>
    ['forum', 'category', query.slug, query.sort, query.page, query.perPage] as const,
  threads: ['forum', 'thread'] as const,
  /** Per viewer: a page read as a visitor says I may not reply, which stops being true once I sign in. */
  thread: (slug: string, at: ThreadAt, viewerId: number | null = null) =>
    ['forum', 'thread', slug, at.page, at.post, viewerId] as const,
  edits: (postId: number) => ['forum', 'edits', postId] as const,
};

export interface CategoryQuery {
  slug: string;
  sort: ForumThreadSort;
  page: number;
  perPage: number;
}

/** Which page of a thread to open: a page, the page of a post, or (neither) where I stopped. */
export interface ThreadAt {
  page: number | null;
  post: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A paged answer with its owner (`thread`, `category`) beside `data`: the owner comes in the
 * envelope next to `data`, or (an answer wrapped once more) inside `data` itself.
 */
export function withOwner<K extends string, O, T>(
  answer: ApiResponse<unknown>,
  key: K,
): { owner: O; data: T[]; meta: PageMeta } {
  const inner = answer.data;
  const source: Record<string, unknown> =
    isRecord(inner) && key in inner ? inner : { ...answer.envelope, data: inner };
  const data = Array.isArray(source.data) ? (source.data as T[]) : [];
  const meta = (isRecord(source.meta) ? source.meta : answer.meta) as Partial<PageMeta> | undefined;
  return {
    owner: source[key] as O,
    data,
    meta: {
      current_page: meta?.current_page ?? 1,
      last_page: meta?.last_page ?? 1,
      per_page: meta?.per_page ?? data.length,
      total: meta?.total ?? data.length,
    },
  };
}

const enc = encodeURIComponent;

/** `GET /api/forum/categories`. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: forumKeys.categories,
    queryFn: async ({ signal }) =>
      (await api.get<ForumCategory[]>('/api/forum/categories', { signal })).data,
  });

/** `GET /api/forum/categories/{slug}?page&per_page&sort`; a 404 is the page's own state. */
export const categoryQuery = (query: CategoryQuery) =>
  queryOptions({
    queryKey: forumKeys.category(query),
    queryFn: async ({ signal }): Promise<ForumCategoryPage> => {
      const answer = await api.get<unknown>(`/api/forum/categories/${enc(query.slug)}`, {
        query: { page: String(query.page), per_page: String(query.perPage), sort: query.sort },
        handledStatuses: [404],
        signal,
      });
      const { owner, data, meta } = withOwner<'category', ForumCategory, ForumThread>(
        answer,
        'category',
      );
      return { category: owner, data, meta };
    },
  });

/** `GET /api/forum/threads/{slug}?page=` or `?post=`; without either the server picks the page. */
export const threadQuery = (slug: string, at: ThreadAt, viewerId: number | null = null) =>
  queryOptions({
    queryKey: forumKeys.thread(slug, at, viewerId),
    queryFn: async ({ signal }): Promise<ForumThreadPage> => {
      const query: Record<string, string> = {};
      if (at.post !== null) query.post = String(at.post);
      else if (at.page !== null) query.page = String(at.page);
      const answer = await api.get<unknown>(`/api/forum/threads/${enc(slug)}`, {
        query,
        handledStatuses: [404],
        signal,
      });
      const { owner, data, meta } = withOwner<'thread', ForumThreadPage['thread'], ForumPost>(
        answer,
        'thread',
      );
      return { thread: owner, data, meta };
    },
    // Reading moves my read mark: one read per visit, not one per window focus.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

export interface NewThread {
  subject: string;
  text: string;
  attachments: number[];
  client_id: string;
}

export interface NewPost {
  text: string;
  attachments: number[];
  reply_to?: number;
  client_id: string;
}

/** The forum's writes. 422s are shown under the editor, so they are not toasted. */
export const forumApi = {
  createThread: async (categorySlug: string, body: NewThread) =>
    (
      await api.post<ForumThread>(`/api/forum/categories/${enc(categorySlug)}/threads`, body, {
        handlesValidation: true,
      })
    ).data,
  reply: async (threadSlug: string, body: NewPost) =>
    (
      await api.post<ForumPost>(`/api/forum/threads/${enc(threadSlug)}/posts`, body, {
        handlesValidation: true,
      })
    ).data,
  edit: async (postId: number, body: { text: string; attachments?: number[] }) =>
    (
      await api.json<ForumPost>(`/api/forum/posts/${postId}`, {
        method: 'PATCH',
        body,
        handlesValidation: true,
      })
    ).data,
  remove: async (postId: number) => {
    await api.json(`/api/forum/posts/${postId}`, { method: 'DELETE' });
  },
  preview: async (text: string, signal?: AbortSignal) =>
    (
      await api.post<{ html: string }>(
        '/api/forum/preview',
        { text },
        { signal, silent: true, handlesValidation: true },
      )
    ).data.html,
  watch: async (threadSlug: string, on: boolean) => {
    await api.json(`/api/forum/threads/${enc(threadSlug)}/watch`, {
      method: on ? 'POST' : 'DELETE',
    });
  },
  moderate: async (
    threadSlug: string,
    change: { pinned?: boolean; locked?: boolean; category?: string; deleted?: boolean },
  ) => (await api.post<unknown>(`/api/forum/threads/${enc(threadSlug)}/moderate`, change)).data,
  react: async (postId: number, reaction: Reaction, on: boolean) =>
    on
      ? (await api.post<unknown>(`/api/forum/posts/${postId}/reactions`, { reaction })).data
      : (
          await api.json<unknown>(`/api/forum/posts/${postId}/reactions/${reaction}`, {
            method: 'DELETE',
          })
        ).data,
  edits: async (postId: number, signal?: AbortSignal) =>
    (await api.get<ForumPostEdit[]>(`/api/forum/posts/${postId}/edits`, { signal })).data,
};

/** One earlier text of a post (moderators read them). */
export interface ForumPostEdit {
  text: string;
  written_at?: string;
  replaced_at?: string;
  edited_at?: string;
  created_at?: string;
}
