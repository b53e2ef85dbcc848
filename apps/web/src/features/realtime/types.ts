import type { ClientEventMap } from '@chat/shared';

/** The realtime connection as the UI sees it (spec section 4: realtime connection states). */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'error';

export interface RealtimeStatus {
  state: ConnectionState;
  /** The socket id once connected: sent as X-Socket-ID so we do not hear our own events. */
  socketId: string | null;
}

/** What the chat needs from the realtime connection (features/realtime implements it). */
export interface ChatRealtime {
  isConnected(): boolean;
  /** Be subscribed to exactly these rooms' presence channels. */
  syncRooms(roomIds: readonly number[]): void;
  /** A client event on a room's channel; false when it could not be sent now. */
  whisper(roomId: number, data: ClientEventMap['client-typing']): boolean;
}
