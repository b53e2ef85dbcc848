import { artPostChannel } from '@chat/shared';
import { useEffect, useRef } from 'react';
import { followChannel } from '../realtime/port';
import { useRealtimeStore } from '../realtime/store';
import { listenToArtPost, type ArtPostListener } from './live';

/**
 * While a post page is open: its channel is followed through the site's one connection, and
 * what it hears (comments stored and deleted, likes counted) goes to `listener`, and so does a
 * reconnection (the socket heard nothing while it was down).
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
    const stopState = useRealtimeStore.subscribe((now, before) => {
      if (now.state === 'connected' && before.state !== 'connected' && before.everConnected)
        current.current.reconnected?.();
    });
    return () => {
      stopListening();
      stopChannel();
      stopState();
    };
  }, [postId]);
}
