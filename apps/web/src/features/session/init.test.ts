import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// loadInit runs once per page load, so each test takes fresh modules.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function freshModules() {
  const { loadInit } = await import('./init');
  const { useSessionStore } = await import('./store');
  const { useToastsStore } = await import('../toasts/store');
  return { loadInit, useSessionStore, useToastsStore };
}

describe('loadInit', () => {
  it('keeps the build key and the signed-in user', async () => {
    const user = {
      user: { id: 1 },
      balance: 5,
      bonus: 2,
      premium: { active: false, until: null },
      counters: { im_unread_count: 0, unread_notifications: 0 },
    };
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { user } }), {
          status: 200,
          headers: { 'x-build-key': 'build-1' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { loadInit, useSessionStore } = await freshModules();
    await Promise.all([loadInit(), loadInit()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/init?platform=pc', expect.anything()]);
    const state = useSessionStore.getState();
    expect(state.initialized).toBe(true);
    expect(state.buildKey).toBe('build-1');
    expect(state.userData).toEqual(user);
    expect(state.balance + state.bonus).toBe(7);
  });

  it('only logs a failure: the site opens signed out, with no toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { loadInit, useSessionStore, useToastsStore } = await freshModules();
    await loadInit();
    expect(useSessionStore.getState().initialized).toBe(true);
    expect(useSessionStore.getState().userData).toBeNull();
    expect(useToastsStore.getState().toasts).toEqual([]);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
