import { CHAT_CHANNEL } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** A catalogue change reaches every open chat at once (API.md "Admin area"). */
export function adminRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('catalog.updated', ({ part }) => {
    rt.send(CHAT_CHANNEL, 'CatalogUpdated', { part });
  });
}
