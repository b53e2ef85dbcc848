import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the site's query client (TanStack Query's code) once. The home page never queries, so
 * its first paint goes without it; every other page, the signed-in navbar and the dialogs call
 * this before they mount.
 */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ queryClient }) => {
    // What QueryClientProvider would do on mount: refetch on focus and reconnect from now on.
    queryClient.mount();
    client = queryClient;
    for (const listener of listeners) listener();
    return queryClient;
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query client once loaded, else undefined. */
export function useLoadedQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(subscribe, () => client);
}

/** A lazily imported module, handed over once the query client is there too. */
export function withQueryClient<T>(module: Promise<T>): Promise<T> {
  return Promise.all([module, loadQueryClient()]).then(([loaded]) => loaded);
}
