import { artPostChannel } from '@chat/shared';
import { useEffect, useRef } from 'react';
import { followChannel } from '../realtime/port';
import { listenToArtPost, type ArtPostListener } from './live';

/**
 * While a post page is open: its channel is followed through the site's one connection, and
 * what it hears (comments stored and deleted, likes counted) goes to `listener`.
 */
export function usePostLive(postId: number | null, listener: ArtPostListener): void {
  const current = useRef(listener);
  useEffect(() => {
    current.current = listener;
  });
  useEffect(() => {
    if (postId === null) return;
    const stopListening = listenToArtPost(postId, {
      commentStored: (c) => current.current.commentStored(c),
      commentDeleted: (id) => current.current.commentDeleted(id),
      likesUpdated: (n) => current.current.likesUpdated(n),
    });
    const stopChannel = followChannel(artPostChannel(postId));
    return () => {
      stopListening();
      stopChannel();
    };
  }, [postId]);
}
