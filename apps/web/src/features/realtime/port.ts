import type { RealtimeClient } from './client';
import type { ChatRealtime } from './types';

let client: RealtimeClient | null = null;
/** The rooms the chat wants, kept for a client that starts (or restarts) after the chat asked. */
let wantedRooms: readonly number[] = [];

export function bindRealtimeClient(next: RealtimeClient | null): void {
  client = next;
  next?.syncRooms(wantedRooms);
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
