import type { CatalogPart } from '@chat/shared';
import type { InvalidationBus } from './invalidation-bus';

/**
 * The cache bus's topic an admin's catalogue change is told on (features/admin/admin-changes.ts
 * publishes it after the change commits), keyed by the part that changed.
 */
export const CATALOG_TOPIC = 'catalog';

/** Runs `handler` on every node when an admin changed `part` (and on a resync: `*`). */
export function onCatalogChanged(bus: InvalidationBus, part: CatalogPart, handler: () => void) {
  bus.on(CATALOG_TOPIC, (key) => {
    if (key === part) handler();
  });
  bus.on('*', handler);
}
