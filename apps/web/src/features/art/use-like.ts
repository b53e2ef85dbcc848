import type { ArtPostPage } from '@chat/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import { artApi } from './api';

/**
 * Liking a post: the count and my mark change at once, and go back if the server says no. A
 * press while the last one is on its way waits for nothing: the latest wish is sent after it.
 */
export function useLike(queryKey: QueryKey) {
  const client = useQueryClient();
  const busy = useRef(false);
  const patch = (likes_count: number, liked: boolean) =>
    client.setQueryData<ArtPostPage>(queryKey, (page) =>
      page ? { ...page, data: { ...page.data, likes_count, liked } } : page,
    );
  return async (postId: number) => {
    const page = client.getQueryData<ArtPostPage>(queryKey);
    if (!page || busy.current) return;
    const { liked, likes_count } = page.data;
    const on = !liked;
    busy.current = true;
    patch(Math.max(0, likes_count + (on ? 1 : -1)), on);
    try {
      const answer = await artApi.like(postId, on);
      patch(answer.likes_count, answer.liked);
    } catch {
      patch(likes_count, liked);
    } finally {
      busy.current = false;
    }
  };
}
