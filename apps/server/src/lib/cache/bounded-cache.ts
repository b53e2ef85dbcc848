/**
 * An in-memory cache with a size bound (least recently used goes first) and a time-to-live
 * backstop. Correctness comes from invalidation (a domain event drops the entry on every node);
 * the TTL only bounds the damage of an invalidation that never came.
 *
 * A load that began before an invalidation must not store what it read: the row it read may be
 * the one the invalidation was about. Every invalidation bumps `epoch`, and a load stores its
 * answer only when no invalidation happened while it ran.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private readonly loading = new Map<K, { epoch: number; promise: Promise<V> }>();
  private epoch = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: the oldest is first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /**
   * Changes a cached value in place, keeping its expiry: a value kept fresh this way (a session
   * touched every minute) must still run out, since the expiry bounds a missed invalidation.
   */
  replace(key: K, value: V): void {
    const entry = this.entries.get(key);
    if (entry && entry.until > Date.now()) entry.value = value;
  }

  /**
   * The cached value, or what `load` answers (stored unless an invalidation came meanwhile).
   * Concurrent misses of one key share one load. `undefined` answers are not cached.
   */
  async load(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending && pending.epoch === this.epoch) return pending.promise;
    const epoch = this.epoch;
    const promise = load().then(
      (value) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
        if (value !== undefined && epoch === this.epoch) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
        throw error;
      },
    ) as Promise<V>;
    this.loading.set(key, { epoch, promise });
    return promise;
  }

  delete(key: K): void {
    this.epoch += 1;
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches (e.g. all sessions of one user). */
  deleteWhere(matches: (value: V, key: K) => boolean): void {
    this.epoch += 1;
    for (const [key, entry] of this.entries)
      if (matches(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
