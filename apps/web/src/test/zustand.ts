// zustand as the app's modules get it in tests (vite.config.ts points `zustand` here): each
// store it makes is noted, so src/test/setup.ts can put every one back as it was made after a
// test. This is zustand's own testing recipe (https://zustand.docs.pmnd.rs/guides/testing), by
// alias rather than by `vi.mock`: the web tests share their worker's modules, stores included.
import type * as Zustand from 'zustand';
import { create as createActual } from 'zustand/react';
import type { StateCreator, StoreApi } from 'zustand/vanilla';

export * from 'zustand/vanilla';
export { useStore } from 'zustand/react';

// Weakly: a store a test made for itself goes with the test.
const stores = new Set<WeakRef<StoreApi<unknown>>>();

function createNoted<T>(createState: StateCreator<T>) {
  const store = createActual(createState);
  stores.add(new WeakRef(store));
  return store;
}

export const create = (<T>(createState?: StateCreator<T>) =>
  createState ? createNoted(createState) : createNoted) as typeof Zustand.create;

/** Puts every store back in the state it was made with. */
export function resetAllStores(): void {
  for (const ref of stores) {
    const store = ref.deref();
    if (store) store.setState(store.getInitialState(), true);
    else stores.delete(ref);
  }
}
