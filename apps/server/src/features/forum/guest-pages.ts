/** How long a page is kept for visitors who are not signed in (Discourse keeps its 60 s). */
export const GUEST_PAGE_TTL_MS = 30_000;
/** At most this many pages are kept; the oldest go first. */
export const GUEST_PAGE_LIMIT = 2_000;

/**
 * Thread and category pages as a visitor who is not signed in reads them: the same for every
 * such visitor, so each is built once and kept until the forum changes it. A change this
 * process makes (a post stored, edited, deleted or reacted to, a thread moderated) forgets the
 * thread's pages and every category page at once, and a person marked a troll, renamed or
 * deleted forgets them all; what it cannot hear of (another process's writes) shows within
 * GUEST_PAGE_TTL_MS.
 *
 * Forgetting is by generation: a thread's key carries the thread's generation and a category
 * page's the forum-wide one, so a change bumps a counter and old entries age out unread. A page
 * built while a change lands is stored under the generation read before it was built, which
 * the change has already moved on from, so it is never served.
 */
export class GuestPages<T> {
  private readonly pages = new Map<string, { until: number; value: T }>();
  private readonly threadGenerations = new Map<number, number>();
  private categoryGeneration = 0;
  private everything = 0;

  constructor(
    private readonly ttlMs = GUEST_PAGE_TTL_MS,
    private readonly limit = GUEST_PAGE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  threadKey(threadId: number, ...rest: (string | number)[]): string {
    const generation = this.threadGenerations.get(threadId) ?? 0;
    return ['t', this.everything, threadId, generation, ...rest].join(':');
  }

  categoryKey(categoryId: number, ...rest: (string | number)[]): string {
    return ['c', this.everything, categoryId, this.categoryGeneration, ...rest].join(':');
  }

  get(key: string): T | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.pages.delete(key);
    this.pages.set(key, { until: this.now() + this.ttlMs, value });
    while (this.pages.size > this.limit) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }

  /** Something in the thread changed: its pages and every category page are out of date. */
  forgetThread(threadId: number): void {
    this.threadGenerations.set(threadId, (this.threadGenerations.get(threadId) ?? 0) + 1);
    this.categoryGeneration += 1;
  }

  /** Something every page may show changed (a person marked a troll, renamed, deleted). */
  forgetAll(): void {
    this.everything += 1;
    this.pages.clear();
  }
}
