import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  isChunkLoadError,
  isReloadingForChunk,
  reloadForChunk,
  resetChunkReload,
  type ChunkReloadDeps,
} from './chunk-reload';

function fakeBrowser(start = 1_000_000) {
  const stored = new Map<string, string>();
  let now = start;
  const deps: ChunkReloadDeps = {
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
    },
    now: () => now,
    reload: vi.fn(),
  };
  return {
    deps,
    later: (ms: number) => {
      now += ms;
    },
    // A reload is a new page: only the storage survives it.
    newPage: () => resetChunkReload(),
  };
}

beforeEach(() => resetChunkReload());

describe('a chunk that fails to load after a deployment', () => {
  it('tells a failed chunk from other errors', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is not a function'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the page once, and never again right after', () => {
    const b = fakeBrowser();
    expect(reloadForChunk(b.deps)).toBe(true);
    expect(isReloadingForChunk()).toBe(true);
    expect(b.deps.reload).toHaveBeenCalledTimes(1);
    // Still failing in the new page: no loop, the error is shown.
    b.newPage();
    b.later(5_000);
    expect(reloadForChunk(b.deps)).toBe(false);
    expect(b.deps.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deployment', () => {
    const b = fakeBrowser();
    reloadForChunk(b.deps);
    b.newPage();
    b.later(CHUNK_RELOAD_GUARD_MS + 1);
    expect(reloadForChunk(b.deps)).toBe(true);
    expect(b.deps.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when it could not remember doing so', () => {
    const b = fakeBrowser();
    expect(reloadForChunk({ ...b.deps, storage: null })).toBe(false);
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadForChunk({ ...b.deps, storage: broken })).toBe(false);
    expect(b.deps.reload).not.toHaveBeenCalled();
  });
});
