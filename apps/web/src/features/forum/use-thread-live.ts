import { forumThreadChannel, type ForumPost, type ForumThreadPage } from '@chat/shared';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { followChannel } from '../realtime/port';
import { listenToThread } from './live';
import { appendPost, applyThreadChange, removePost, replacePost } from './thread-cache';

/**
 * While a thread page is open: its channel is followed through the site's one connection, and
 * what it hears changes the page in the cache. `onAppended` hears each reply added to this page
 * (the page decides whether the reader sees a "new replies" pill).
 */
export function useThreadLive(
  threadId: number | null,
  queryKey: QueryKey,
  onAppended: (post: ForumPost) => void,
): void {
  const client = useQueryClient();
  const appended = useRef(onAppended);
  useEffect(() => {
    appended.current = onAppended;
  });
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (threadId === null) return;
    const update = (change: (page: ForumThreadPage) => ForumThreadPage) =>
      client.setQueryData<ForumThreadPage>(queryKey, (page) => (page ? change(page) : page));
    const stopListening = listenToThread(threadId, {
      postStored: (post) => {
        let added = false;
        update((page) => {
          const next = appendPost(page, post);
          added = next.appended;
          return next.page;
        });
        if (added) appended.current(post);
      },
      postUpdated: (post) => update((page) => replacePost(page, post)),
      postDeleted: (postId) => update((page) => removePost(page, postId)),
      threadUpdated: (change) => {
        const shown = client.getQueryData<ForumThreadPage>(queryKey)?.thread;
        const moved =
          typeof change.category === 'object' &&
          change.category !== null &&
          (change.category as { slug?: unknown }).slug !== shown?.category.slug;
        update((page) => applyThreadChange(page, change));
        // Deleted (a 404 now) or moved (the new category's name in my language): read it again.
        if (change.deleted === true || moved) void client.invalidateQueries({ queryKey });
      },
    });
    const stopChannel = followChannel(forumThreadChannel(threadId));
    return () => {
      stopListening();
      stopChannel();
    };
    // The key's contents, not its identity, decide which page is patched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [threadId, keyText, client]);
}
