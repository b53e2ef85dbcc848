import type { ForumThread } from '@chat/shared';
import { api } from '../../lib/api';

// Apart from api.ts: that module is part of the first paint, this one comes with the section.

/** How many of the forum's newest threads the home page lists. */
export const HOME_THREADS = 5;

/** The forum's newest threads everyone may see; a failure leaves the section out, unsaid. */
export async function fetchLatestThreads(signal?: AbortSignal): Promise<ForumThread[]> {
  const answer = await api.get<ForumThread[]>('/api/forum/latest', {
    query: { limit: String(HOME_THREADS) },
    silent: true,
    signal,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}
