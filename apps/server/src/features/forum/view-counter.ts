/** How long one reader's visit lasts: reopening a thread within it counts no new view. */
export const VIEW_VISIT_MS = 30 * 60 * 1000;
const MAX_KEYS = 50_000;

/**
 * Views of threads counted once per reader and visit, in memory on each node: a reader paging
 * through a thread, or reloading it, writes no row (no write storm); a node's restart forgets
 * visits, which at worst counts a view twice. Visitors without a session are told apart by
 * address.
 */
export class ViewCounter {
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True when this reader's view of the thread counts (and marks it seen). */
  fresh(reader: string, threadId: number): boolean {
    const key = `${reader}:${threadId}`;
    const at = this.now();
    const last = this.seen.get(key);
    if (last !== undefined && at - last < VIEW_VISIT_MS) return false;
    this.seen.delete(key);
    this.seen.set(key, at);
    // Oldest first (insertion order): the bound drops the oldest visits.
    if (this.seen.size > MAX_KEYS) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }
}
