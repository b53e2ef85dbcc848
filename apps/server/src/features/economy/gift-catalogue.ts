import type { GiftRow } from '../../db/schema';
import { BoundedCache } from '../../lib/cache/bounded-cache';
import { onCatalogChanged } from '../../lib/cache/catalog-changes';
import type { InvalidationBus } from '../../lib/cache/invalidation-bus';
import type { GiftsRepository } from './gifts.repository';

/** Far more than a shop offers; only a bound against ids that are not gifts. */
const MAX_GIFTS = 1000;
/** A backstop only: every change made in the admin area drops the cache at once. */
const TTL_MS = 5 * 60_000;

/**
 * The catalogue rows a purchase reads (price, premium-only, active), from memory: every gift
 * sent looked its row up in the database, and the catalogue changes only in the admin area,
 * whose every change is told on the cache bus to every node (features/admin/admin-changes.ts,
 * lib/cache/catalog-changes.ts). An id not cached is read through (a gift just added), and
 * while this node cannot hear the others (not `live`) every lookup reads through.
 */
export class GiftCatalogue {
  private readonly cache = new BoundedCache<number, GiftRow>(MAX_GIFTS, TTL_MS);

  constructor(
    private readonly repo: GiftsRepository,
    private readonly bus: InvalidationBus,
  ) {
    onCatalogChanged(bus, 'gifts', () => this.cache.clear());
  }

  /** A gift of the catalogue, inactive ones too; undefined when there is none. */
  find(id: number): Promise<GiftRow | undefined> {
    if (!this.bus.live) return this.repo.find(id);
    return this.cache.load(id, () => this.repo.find(id));
  }
}
