import type { RealtimeClient } from './client';
import type { ChatRealtime } from './types';

let client: RealtimeClient | null = null;
/** The rooms the chat wants, kept for a client that starts (or restarts) after the chat asked. */
let wantedRooms: readonly number[] = [];

/** Other channels pages follow while shown (an open forum thread), counted per channel. */
const followers = new Map<string, number>();

export function bindRealtimeClient(next: RealtimeClient | null): void {
  client = next;
  next?.syncRooms(wantedRooms);
  next?.syncFollowed([...followers.keys()]);
}

/**
 * Hears a public channel through the site's one connection while a page shows it; the returned
 * function stops (the channel is left once nobody follows it).
 */
export function followChannel(name: string): () => void {
  followers.set(name, (followers.get(name) ?? 0) + 1);
  client?.syncFollowed([...followers.keys()]);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const left = (followers.get(name) ?? 1) - 1;
    if (left > 0) followers.set(name, left);
    else followers.delete(name);
    client?.syncFollowed([...followers.keys()]);
  };
}

/**
 * The chat store's view of the connection. The store is created when the page loads, the
 * connection only once init has said where to connect, so the store holds this stand-in.
 */
export const chatRealtime: ChatRealtime = {
  isConnected: () => client?.isConnected() ?? false,
  syncRooms: (roomIds) => {
    wantedRooms = [...roomIds];
    client?.syncRooms(wantedRooms);
  },
  whisper: (roomId, data) => client?.whisper(roomId, 'client-typing', data) ?? false,
};
