import { GIFS_PAGE, type Gif } from '@chat/shared';
import { api } from '../../lib/api';

export interface GifPage {
  gifs: Gif[];
  /** The next page number, or null at the end. */
  next: number | null;
}

export interface GifQuery {
  category: number | null;
  q: string;
}

/** Query keys of the GIF library (TanStack Query). */
export const gifKeys = {
  list: (query: GifQuery) => ['gifs', query.category, query.q] as const,
};

/** GET /api/gifs?category=&q=&page= (the site's own library). */
export async function fetchGifs(
  query: GifQuery,
  page: number,
  signal?: AbortSignal,
): Promise<GifPage> {
  const params: Record<string, string> = { page: String(page) };
  if (query.category !== null) params.category = String(query.category);
  if (query.q !== '') params.q = query.q;
  const answer = await api.get<Gif[]>('/api/gifs', { query: params, signal });
  const gifs = Array.isArray(answer.data) ? answer.data : [];
  const current = Number(answer.meta?.current_page ?? page);
  const last = Number(answer.meta?.last_page ?? NaN);
  // Without paging meta, a full page suggests there is more.
  const more = Number.isFinite(last) ? current < last : gifs.length >= GIFS_PAGE;
  return { gifs, next: more ? current + 1 : null };
}
