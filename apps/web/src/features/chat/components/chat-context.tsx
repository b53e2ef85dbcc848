import { createContext, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { ConnectionState } from '../../realtime/types';
import type { ChatActions, ChatStore } from '../types';

// Components read the chat through this context rather than importing the app's store, so that a
// test can hand them a small store built from fixtures and the page decides which one is live.
const ChatStoreContext = createContext<StoreApi<ChatStore> | null>(null);
const ConnectionContext = createContext<ConnectionState>('connected');

/** Plays a notification sound at a volume; injected so tests and the settings panel stay silent. */
export type PreviewSound = (name: string, volume: number) => void;
const PreviewSoundContext = createContext<PreviewSound>(() => undefined);

interface ChatProviderProps {
  store: StoreApi<ChatStore>;
  connection?: ConnectionState;
  previewSound?: PreviewSound;
  children: ReactNode;
}

export function ChatProvider({ store, connection, previewSound, children }: ChatProviderProps) {
  return (
    <ChatStoreContext.Provider value={store}>
      <ConnectionContext.Provider value={connection ?? 'connected'}>
        <PreviewSoundContext.Provider value={previewSound ?? noSound}>
          {children}
        </PreviewSoundContext.Provider>
      </ConnectionContext.Provider>
    </ChatStoreContext.Provider>
  );
}

function noSound(): void {}

function useChatStoreApi(): StoreApi<ChatStore> {
  const store = useContext(ChatStoreContext);
  if (store === null) throw new Error('chat components need a <ChatProvider>');
  return store;
}

/** A slice of the chat state; the component re-renders only when the slice changes. */
export function useChat<T>(selector: (state: ChatStore) => T): T {
  return useStore(useChatStoreApi(), selector);
}

/**
 * The chat's actions. Zustand keeps them stable, so reading them once from the current state is
 * safe and costs no subscription.
 */
export function useChatActions(): ChatActions {
  return useChatStoreApi().getState();
}

export function useConnectionState(): ConnectionState {
  return useContext(ConnectionContext);
}

export function usePreviewSound(): PreviewSound {
  return useContext(PreviewSoundContext);
}
