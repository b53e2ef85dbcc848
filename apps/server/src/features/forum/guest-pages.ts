import { BoundedCache } from '../../lib/cache/bounded-cache';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';

/**
 * How long a page is kept at most: the backstop for a change no invalidation tells of (an
 * author's badge after a role change). Every change to the forum's own rows is told on every
 * node at once (docs/adr/0006).
 */
export const GUEST_PAGE_TTL_MS = 120_000;
/** At most this many pages of each kind are kept; the least recently read go first. */
export const GUEST_PAGE_LIMIT = 2_000;

/** The cache bus's topics (lib/cache/invalidation-bus.ts): a thread changed, or a person. */
const THREAD_TOPIC = 'forum-thread';
const EVERYTHING_TOPIC = 'forum-pages';

/**
 * Thread and category pages as a visitor who is not signed in reads them: the same for every
 * such visitor, so each is built once (concurrent misses share one build) and kept until the
 * forum changes it (docs/adr/0006). A change to a thread (a post stored, edited, deleted or
 * reacted to, a thread moderated) forgets its pages and every category page on every node,
 * through the cache bus; a person marked a troll, renamed or deleted forgets them all. While
 * this node cannot hear the others, pages are built for each request.
 *
 * Forgetting is by generation: a thread's key carries the thread's generation and a category
 * page's the forum-wide one, so a change bumps a counter and old entries age out unread; a page
 * built while a change lands is stored under the generation read before it was built, which
 * the change has already moved on from, so it is never served.
 */
export class GuestPages<T> {
  private readonly pages: BoundedCache<string, T>;
  private readonly threadGenerations = new Map<number, number>();
  private categoryGeneration = 0;
  private everything = 0;

  constructor(
    private readonly bus: InvalidationBus,
    limit = GUEST_PAGE_LIMIT,
    ttlMs = GUEST_PAGE_TTL_MS,
  ) {
    this.pages = new BoundedCache(limit, ttlMs);
    bus.on(THREAD_TOPIC, (id) => this.forgetThread(Number(id)));
    bus.on(EVERYTHING_TOPIC, () => this.forgetAll());
    bus.on('*', () => this.forgetAll());
  }

  threadKey(threadId: number, ...rest: (string | number)[]): string {
    const generation = this.threadGenerations.get(threadId) ?? 0;
    return [this.everything, 't', threadId, generation, ...rest].join(':');
  }

  categoryKey(categoryId: number, ...rest: (string | number)[]): string {
    return [this.everything, 'c', categoryId, this.categoryGeneration, ...rest].join(':');
  }

  /** The kept page, if there is one to serve now. */
  kept(key: string): T | undefined {
    return this.bus.live ? this.pages.get(key) : undefined;
  }

  /** The kept page, else `build`'s (kept unless the forum changed meanwhile). */
  async page(key: string, build: () => Promise<T>): Promise<T> {
    if (!this.bus.live) return build();
    return (await this.pages.load(key, build))!;
  }

  private forgetThread(threadId: number): void {
    this.threadGenerations.set(threadId, (this.threadGenerations.get(threadId) ?? 0) + 1);
    this.categoryGeneration += 1;
  }

  private forgetAll(): void {
    this.everything += 1;
    this.pages.clear();
  }
}

/** Tells every node's kept pages that something in the thread changed. */
export function threadChanged(bus: InvalidationBus, threadId: number): Promise<void> {
  return bus.publish(THREAD_TOPIC, threadId);
}

/** Tells every node's kept pages that a person they may show changed. */
export function peopleChanged(bus: InvalidationBus): Promise<void> {
  return bus.publish(EVERYTHING_TOPIC, '');
}
