import { CHAT_CHANNEL, userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/** Sanctions, trolls and complaints. */
export function moderationRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('user.troll', ({ userId, troll, seers }) => {
    // Only those who may see trolls hear it; nothing tells a troll they are one.
    const to = seers.filter((id) => id !== userId).map(userChannel);
    if (to.length > 0) rt.send(to, 'AntitrollUpdated', { user_id: userId, troll });
  });
  events.on('moderation.sanctions', ({ userId, gagUntil, banUntil }) => {
    rt.sanctions(userId, gagUntil, banUntil);
  });
  events.on('moderation.sanctioned', ({ ban }) => {
    rt.send(CHAT_CHANNEL, 'UserBanned', ban);
    // A full ban ends the person's realtime access at once, after they heard why.
    if (ban.type === 'full_ban') rt.closeUserSockets(ban.user_id);
  });
  // The person's tabs read their permissions again: a new moderator's menu grows at once.
  events.on('user.roles', ({ userId, roles }) => {
    rt.send(userChannel(userId), 'RolesUpdated', { roles });
  });
  events.on('complaint.updated', ({ complaint, recipients }) => {
    rt.send(recipients.map(userChannel), 'Complaint.Updated', complaint);
  });
  events.on('complaint.comment', ({ complaintId, comment, recipients }) => {
    rt.send(recipients.map(userChannel), 'Complaint.CommentStored', {
      complaint_id: complaintId,
      comment,
    });
  });
}
