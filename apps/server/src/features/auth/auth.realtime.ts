import { userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Devices: a session that ends takes its subscriptions (and, signed out elsewhere, sockets). */
export function authRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('session.ended', ({ userId, sessionId, close }) => {
    // Signed out from elsewhere: the event first, so the device's tabs learn why. A tab that
    // signed itself out knows already, and would otherwise race its own answer with a toast.
    if (close) rt.send(userChannel(userId), 'SessionEnded', { session_id: sessionId });
    rt.endSession(userId, sessionId, close);
  });
}
