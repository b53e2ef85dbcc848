/**
 * After a deployment the old build's lazy chunks are gone from the server: a page still running
 * that build fails to load the next route's code. One reload fetches the new build and the page
 * works again. A mark in sessionStorage says when the last such reload happened, so that a chunk
 * that still fails afterwards (a network that refuses it) shows an error instead of reloading
 * for ever.
 */

const KEY = 'chunkReloadAt';
/** A second failure within this time of the reload is not a stale build: stop and say so. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

const browser = (): ChunkReloadDeps => ({
  storage: sessionStorageOrNull(),
  now: () => Date.now(),
  reload: () => window.location.reload(),
});

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let reloading = false;

/** The message browsers and Vite give a dynamic import or a preload that could not load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** True while the reload asked for is under way (the page is about to go). */
export function isReloadingForChunk(): boolean {
  return reloading;
}

/**
 * Reloads the page once for a chunk that failed to load. False, without reloading, when a
 * reload for the same reason happened a moment ago (or storage cannot remember it): the caller
 * shows the error then.
 */
export function reloadForChunk(deps: ChunkReloadDeps = browser()): boolean {
  if (reloading) return true;
  const { storage } = deps;
  if (storage === null) return false;
  try {
    const last = Number(storage.getItem(KEY));
    const now = deps.now();
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  deps.reload();
  return true;
}

/** For tests: forget the reload asked for in this page. */
export function resetChunkReload(): void {
  reloading = false;
}
