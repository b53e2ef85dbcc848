import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ImStore, ImStoreApi } from '../store';

// Components read the messenger through this context rather than importing the app's store, so
// that a test hands them a store built on a fake API and the page decides which one is live.
const ImStoreContext = createContext<ImStoreApi | null>(null);

export function ImProvider({ store, children }: { store: ImStoreApi; children: ReactNode }) {
  return <ImStoreContext.Provider value={store}>{children}</ImStoreContext.Provider>;
}

function useImStoreApi(): ImStoreApi {
  const store = useContext(ImStoreContext);
  if (store === null) throw new Error('messenger components need an <ImProvider>');
  return store;
}

/** A slice of the messenger's state; the component re-renders only when the slice changes. */
export function useIm<T>(selector: (state: ImStore) => T): T {
  return useStore(useImStoreApi(), selector);
}

/** The messenger's actions (stable in zustand, so read once without a subscription). */
export function useImActions(): ImStore {
  return useImStoreApi().getState();
}
