import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ConnectionState, RealtimeStatus } from './types';

interface RealtimeState extends RealtimeStatus {
  /** Whether this page has been connected before: the next `connected` is then a reconnect. */
  everConnected: boolean;
  setConnection: (state: ConnectionState, socketId: string | null) => void;
  reset: () => void;
}

// Before the first init answer the site has no connection yet, and is trying to get one.
const INITIAL = { state: 'connecting', socketId: null, everConnected: false } as const;

export const useRealtimeStore = create<RealtimeState>()((set, get) => ({
  ...INITIAL,
  setConnection: (state, socketId) =>
    set({
      state,
      // The id belongs to one socket: it is void as soon as that socket is gone.
      socketId: state === 'connected' ? socketId : null,
      everConnected: get().everConnected || state === 'connected',
    }),
  reset: () => set(INITIAL),
}));

/** The connection as the navbar and the chat show it. */
export function useRealtimeStatus(): RealtimeStatus {
  return useRealtimeStore(useShallow((s) => ({ state: s.state, socketId: s.socketId })));
}

export function currentSocketId(): string | null {
  return useRealtimeStore.getState().socketId;
}

export function isRealtimeConnected(): boolean {
  return useRealtimeStore.getState().state === 'connected';
}
