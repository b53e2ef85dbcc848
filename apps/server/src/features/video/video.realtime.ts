import { roomChannel, userChannel } from '@chat/shared';
import type { DomainEvents } from '../../events/domain-events';
import type { Broadcaster } from '../../realtime/broadcaster';

/**
 * The calls on the socket: who is in a room's call and how, on the room's presence channel
 * (its members, the only ones who see the call); negotiation and the end of one's own hold on
 * the person's own channel. Joining a call shows the person in it, invisible in the room or
 * not: the others' browsers must know whom to connect to.
 */
export function videoRealtime(events: DomainEvents, rt: Broadcaster): void {
  events.on('video.joined', ({ roomId, participant }) => {
    rt.send(roomChannel(roomId), 'Video.ParticipantJoined', { room_id: roomId, participant });
  });
  events.on('video.updated', ({ roomId, participant }) => {
    rt.send(roomChannel(roomId), 'Video.ParticipantUpdated', { room_id: roomId, participant });
  });
  events.on('video.left', ({ roomId, userId, callId, reason }) => {
    // The person's tab first: it learns its hold is over before the room's event says so.
    if (reason !== null)
      rt.send(userChannel(userId), 'Video.Ended', { room_id: roomId, call_id: callId, reason });
    rt.send(roomChannel(roomId), 'Video.ParticipantLeft', {
      room_id: roomId,
      user_id: userId,
      reason,
    });
  });
  events.on('video.signal', ({ userId, signal }) => {
    rt.send(userChannel(userId), 'Video.Signal', signal);
  });
}
