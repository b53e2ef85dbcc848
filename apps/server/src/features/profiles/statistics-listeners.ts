import type { DomainEvents } from '../../events/domain-events';
import type { ProfilesService } from './profiles.service';

/**
 * Stealth percent comes from the chat's own facts: every room entry is a visit, and going
 * invisible during a visit makes it stealthy (counted once per visit).
 */
export function trackVisits(events: DomainEvents, profiles: ProfilesService): void {
  events.on('chat.user.entered', ({ user }) => profiles.countVisit(user.id));
  events.on('chat.user.visibility', ({ roomId, userId, invisible }) =>
    invisible ? profiles.countStealth(userId, roomId) : undefined,
  );
}
