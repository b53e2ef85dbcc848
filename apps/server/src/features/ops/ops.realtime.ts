import { COMMON_CHANNEL } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** A new build: every open tab is told to update. */
export function opsRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('build.started', ({ buildKey }) => {
    rt.send(COMMON_CHANNEL, 'UpdateRequired', { build_key: buildKey });
  });
}
