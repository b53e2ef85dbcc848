import type { ArtPostCard } from '@chat/shared';
import { api } from '../../lib/api';

// Apart from api.ts: the home page's and a profile's rows come without the query client.

/** How many of the newest posts the home page shows. */
export const HOME_ART = 12;

/** The newest posts everyone may see (`GET /api/art?sort=new`), or one person's (`user`). */
export async function fetchLatestArt(
  options: { user?: number; signal?: AbortSignal } = {},
): Promise<ArtPostCard[]> {
  const query: Record<string, string> = { sort: 'new', page: '1' };
  if (options.user !== undefined) query.user = String(options.user);
  const answer = await api.get<ArtPostCard[]>('/api/art', {
    query,
    silent: true,
    signal: options.signal,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}
