import type { ArtGalleryPage } from '@chat/shared';
import { BoundedCache } from '../../lib/cache/bounded-cache';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';

/** How long a page is kept at most: the backstop for a change no event tells of (a badge). */
export const KEPT_GALLERY_TTL_MS = 120_000;
/** At most this many pages are kept; the least recently read go first. */
export const KEPT_GALLERY_LIMIT = 2_000;

/** The cache bus's topic (lib/cache/invalidation-bus.ts): something a gallery shows changed. */
const TOPIC = 'art-galleries';

/**
 * Gallery pages (a group's or every group's) as everyone sees them: the same for every reader
 * whose list is the public one, so each is built once (concurrent misses share one build) and
 * kept until the art section changes (docs/adr/0007). The reader's own parts (their likes,
 * whether they may post) are laid over the kept page per request (ArtReads.gallery).
 *
 * Any change a gallery may show (a post stored, edited, deleted, liked or commented, a decision
 * from the queue, a person renamed or marked a troll) forgets every page on every node at once
 * through the cache bus: a like moves a card in `top`, in both its group's and the all-groups
 * gallery, so there is little to gain in forgetting less. While this node cannot hear the
 * others, pages are built for each request.
 */
export class KeptGalleries {
  private readonly pages: BoundedCache<string, ArtGalleryPage>;

  constructor(
    private readonly bus: InvalidationBus,
    limit = KEPT_GALLERY_LIMIT,
    ttlMs = KEPT_GALLERY_TTL_MS,
  ) {
    this.pages = new BoundedCache(limit, ttlMs);
    bus.on(TOPIC, () => this.pages.clear());
    bus.on('*', () => this.pages.clear());
  }

  /** The kept page under this key, else `build`'s (kept unless a change landed meanwhile). */
  async page(key: string, build: () => Promise<ArtGalleryPage>): Promise<ArtGalleryPage> {
    if (!this.bus.live) return build();
    return (await this.pages.load(key, build))!;
  }
}

/** Tells every node's kept galleries that something they may show changed. */
export function galleriesChanged(bus: InvalidationBus): Promise<void> {
  return bus.publish(TOPIC, '');
}
