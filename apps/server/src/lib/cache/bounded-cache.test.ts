import { describe, expect, it, vi } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('keeps at most its size, dropping the least recently used', () => {
    const cache = new BoundedCache<string, number>(2, 60_000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // b is now the oldest
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('forgets an entry after its time to live', () => {
    vi.useFakeTimers();
    try {
      const cache = new BoundedCache<string, number>(10, 1000);
      cache.set('a', 1);
      vi.advanceTimersByTime(999);
      expect(cache.get('a')).toBe(1);
      vi.advanceTimersByTime(1);
      expect(cache.get('a')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one load between concurrent misses and caches its answer', async () => {
    const cache = new BoundedCache<string, number>(10, 60_000);
    const load = vi.fn(async () => 7);
    const answers = await Promise.all([cache.load('a', load), cache.load('a', load)]);
    expect(answers).toEqual([7, 7]);
    expect(await cache.load('a', load)).toBe(7);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not store a load that an invalidation overtook', async () => {
    const cache = new BoundedCache<string, string>(10, 60_000);
    let finish!: (value: string) => void;
    const pending = cache.load('a', () => new Promise((resolve) => (finish = resolve)));
    cache.delete('a'); // the row changed while it was being read
    finish('old');
    expect(await pending).toBe('old');
    expect(await cache.load('a', async () => 'new')).toBe('new');
    expect(cache.get('a')).toBe('new');
  });

  it('does not cache an absent value', async () => {
    const cache = new BoundedCache<string, number>(10, 60_000);
    expect(await cache.load('a', async () => undefined)).toBeUndefined();
    expect(await cache.load('a', async () => 3)).toBe(3);
  });

  it('drops every entry that matches', () => {
    const cache = new BoundedCache<string, { user: number }>(10, 60_000);
    cache.set('t1', { user: 1 });
    cache.set('t2', { user: 1 });
    cache.set('t3', { user: 2 });
    cache.deleteWhere((v) => v.user === 1);
    expect([cache.get('t1'), cache.get('t2'), cache.get('t3')]).toEqual([
      undefined,
      undefined,
      { user: 2 },
    ]);
  });
});
